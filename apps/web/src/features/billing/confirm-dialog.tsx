import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A yes/no question before an action that changes what the learner pays. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  loading?: boolean;
  colorPalette?: string;
  /**
   * Where focus goes when the dialog closes, when that is not its trigger: a confirmed change that
   * replaces or removes the trigger (解約する becomes 解約を取り消す, a deleted scenario's 削除) would
   * otherwise drop focus to <body> (decision 075). Null: the trigger.
   */
  finalFocusEl?: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => props.onOpenChange(e.open)} role="alertdialog" finalFocusEl={props.finalFocusEl}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text as="div" fontSize="sm">
                {props.children}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => props.onOpenChange(false)} disabled={props.loading}>
                {props.cancelLabel ?? '戻る'}
              </Button>
              <Button colorPalette={props.colorPalette ?? 'blue'} onClick={props.onConfirm} loading={props.loading}>
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
