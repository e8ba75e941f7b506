import { Button, HStack, Text } from '@chakra-ui/react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * `placeholderData` for a paged list: while another page of the same list (the same search, filter)
 * loads, the page shown stays, so the pager below it keeps its place and focus; a new search or filter
 * shows the loading state rather than the old list's rows under it. `list` holds the inputs that name
 * the list (all but the page).
 */
export function keepPageOf<TData>(list: Record<string, unknown>) {
  return (previous: TData | undefined, previousQuery?: { queryKey: readonly unknown[] }): TData | undefined => {
    const input = (previousQuery?.queryKey[1] as { input?: Record<string, unknown> } | undefined)?.input ?? {};
    return Object.entries(list).every(([key, value]) => input[key] === value) ? previous : undefined;
  };
}

/**
 * 前へ / 次へ under an admin list. The lists keep the page shown while the next one loads
 * (`keepPageOf`), so the buttons stay where they are and a keyboard user goes on
 * pressing Enter on 次へ; when the page turned to is the last (or the first), the pressed button turns
 * disabled, which would drop focus to <body>, so focus moves to the other button. The page label is
 * announced politely.
 */
export function Pager(props: { label: ReactNode; hasPrevious: boolean; hasNext: boolean; onPrevious: () => void; onNext: () => void }) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'previous' | 'next' | null>(null);
  const { hasPrevious, hasNext } = props;
  useLayoutEffect(() => {
    const which = pressed.current;
    if (!which) return;
    const [own, other, ownEnabled] = which === 'next' ? [next, previous, hasNext] : [previous, next, hasPrevious];
    if (ownEnabled) return;
    pressed.current = null;
    // Chrome blurs a disabled button a moment later: it may still hold focus here, or <body> may.
    const active = document.activeElement;
    if (active !== own.current && active !== document.body) return;
    if (other.current && !other.current.disabled) other.current.focus();
  }, [hasPrevious, hasNext]);
  return (
    <HStack justify="center" gap="3" role="group" aria-label="ページ送り">
      <Button
        ref={previous}
        size="sm"
        variant="outline"
        disabled={!hasPrevious}
        onClick={() => {
          pressed.current = 'previous';
          props.onPrevious();
        }}
      >
        前へ
      </Button>
      <Text fontSize="sm" aria-live="polite" data-testid="pager-label">
        {props.label}
      </Text>
      <Button
        ref={next}
        size="sm"
        variant="outline"
        disabled={!hasNext}
        onClick={() => {
          pressed.current = 'next';
          props.onNext();
        }}
      >
        次へ
      </Button>
    </HStack>
  );
}
