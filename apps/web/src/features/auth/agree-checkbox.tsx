import { chakra, HStack } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A native checkbox with its label: Chakra's `Checkbox` is Ark's, whose state machine and runtime
 * (~9 KB gzip) the signup page's first load does without (decision 039). The box is the browser's,
 * coloured like the app's controls; the whole label row is the target (44 px on a touch screen,
 * decision 035).
 */
export function AgreeCheckbox(props: {
  label: string;
  registration: Pick<UseFormRegisterReturn, 'name'> & Partial<UseFormRegisterReturn>;
  onChecked: (checked: boolean) => void;
}) {
  const { onChange, ...registration } = props.registration;
  return (
    <HStack as="label" gap="2" cursor="pointer" minH={{ base: '11', md: '6' }} textStyle="sm" userSelect="none">
      <chakra.input
        {...registration}
        type="checkbox"
        w="4"
        h="4"
        m="0"
        flexShrink="0"
        cursor="pointer"
        css={{ accentColor: 'var(--chakra-colors-blue-600)' }}
        onChange={(event) => {
          props.onChecked(event.target.checked);
          return onChange?.(event);
        }}
      />
      <span>{props.label}</span>
    </HStack>
  );
}
