import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { RouterOutputs } from '@shunkan/api-router';
import { APPEAL_TEXT } from '@shunkan/config/appeals';
import { Stars } from './stars';

type Appeal = RouterOutputs['appeals']['submit']['appeal'];
type Verdict = NonNullable<Appeal['original']>;

/** The slips and errors a grade named, one badge and message a line. */
export function GradeErrorList({ errors, testId }: { errors: Verdict['errors']; testId: string }) {
  if (errors.length === 0) return null;
  return (
    <Stack gap="1" as="ul" listStyleType="none" data-testid={`${testId}-errors`}>
      {errors.map((e, i) => (
        <HStack as="li" key={`${e.label}-${i}`} gap="2" align="flex-start" fontSize="sm">
          <Badge colorPalette="red" variant="subtle" flexShrink={0}>
            {e.label}
          </Badge>
          <Text minW="0" overflowWrap="anywhere">
            {e.message}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

/** A grade as the result card showed it: stars, feedback and the named errors. */
function VerdictLines({ verdict, testId }: { verdict: Verdict; testId: string }) {
  return (
    <Stack gap="1" ps="1">
      {verdict.feedback ? (
        <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid={`${testId}-feedback`}>
          {verdict.feedback}
        </Text>
      ) : null}
      <GradeErrorList errors={verdict.errors} testId={testId} />
    </Stack>
  );
}

/**
 * The grade a learner appealed beside the regraded one, once an accepted appeal regraded the attempt
 * (result card and history). The appealed grade is kept on the appeal, so the regrade loses nothing.
 */
export function AppealGrades({
  appeal,
  showOriginalDetail = true,
}: {
  appeal: Pick<Appeal, 'originalRating' | 'original' | 'regraded'>;
  /** False on the result card, which shows the appealed grade in full already. */
  showOriginalDetail?: boolean;
}) {
  const { original, regraded } = appeal;
  if (!regraded) return null;
  return (
    <Stack gap="2" fontSize="sm" data-testid="appeal-grades">
      <Stack gap="1" data-testid="appeal-original">
        <HStack gap="2" wrap="wrap">
          <Text color="gray.600">{APPEAL_TEXT.original}</Text>
          <Stars rating={appeal.originalRating} size="sm" />
        </HStack>
        {!showOriginalDetail ? null : original ? (
          <VerdictLines verdict={original} testId="appeal-original" />
        ) : (
          <Text color="gray.600" data-testid="appeal-original-not-recorded">
            {APPEAL_TEXT.originalNotRecorded}
          </Text>
        )}
      </Stack>
      <Stack gap="1" data-testid="appeal-regraded">
        <HStack gap="2" wrap="wrap">
          <Text color="green.700">{APPEAL_TEXT.regraded}</Text>
          <Stars rating={regraded.rating} size="sm" />
        </HStack>
        <VerdictLines verdict={regraded} testId="appeal-regraded" />
      </Stack>
    </Stack>
  );
}
