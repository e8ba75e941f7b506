/** The layout both legal pages share; each page's text lives in its own module (terms-page, privacy-page). */
import { Box, Button, Container, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/** Support address shown on both pages. The .example domain is a placeholder until the real one is fixed. */
export const SUPPORT_EMAIL = 'support@shunkan.example';
export const SERVICE_NAME = '瞬間英作文 Shunkan';
const ENACTED = '制定日：2025年6月29日';

/** A paragraph (string) or a bulleted list (array of strings). */
type Block = string | readonly string[];
export type Section = { heading: string; blocks: readonly Block[] };

function BackButton() {
  return (
    <Button asChild variant="outline" alignSelf="flex-start">
      <Link to="/signup">戻る</Link>
    </Button>
  );
}

function LegalBlock({ block }: { block: Block }) {
  if (typeof block === 'string') {
    return (
      <Text lineHeight="tall" whiteSpace="pre-line">
        {block}
      </Text>
    );
  }
  return (
    // A plain list: Chakra's List would bring its anatomy chunk (3 KB gzip) to these public pages.
    <Stack as="ul" gap="1" ps="5" listStyleType="disc">
      {block.map((item) => (
        <Box as="li" key={item} lineHeight="tall">
          {item}
        </Box>
      ))}
    </Stack>
  );
}

export function LegalDocument({ title, sections }: { title: string; sections: readonly Section[] }) {
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Box bg="white" borderRadius="lg" borderWidth="1px" shadow="sm" p={{ base: '5', md: '10' }}>
        <Stack gap="6">
          <BackButton />
          <Stack gap="2">
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {ENACTED}
            </Text>
          </Stack>
          <Separator />
          {sections.map((section) => (
            <Stack as="section" key={section.heading} gap="3">
              <Heading as="h2" size="md">
                {section.heading}
              </Heading>
              {section.blocks.map((block, index) => (
                <LegalBlock key={index} block={block} />
              ))}
            </Stack>
          ))}
          <Separator />
          <Text color="fg.muted" fontSize="sm" textAlign="end">
            以上
          </Text>
          <BackButton />
        </Stack>
      </Box>
    </Container>
  );
}
