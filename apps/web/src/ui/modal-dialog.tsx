import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from './button.tsx';

/**
 * A modal dialog that opens as it mounts (the browser's `<dialog>`: focus kept inside, Escape
 * closes it, the page behind inert). `onClose` runs however it closes; a button inside closes it
 * with `dialogRef.current?.close()`. My tickets' cancel, move and review dialogs share it.
 */
export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return dialog;
}

export function ModalDialog({
  dialogRef,
  titleId,
  onClose,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The id of the dialog's heading, which names it. */
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[92dvh] w-[min(32rem,94vw)] overflow-y-auto rounded-xl bg-white p-5 shadow-xl backdrop:bg-black/50 sm:p-6"
    >
      {children}
    </dialog>
  );
}

/** A button that opens a dialog; `dialog` renders it with the function that forgets it once closed. */
export function DialogButton({
  label,
  dialog,
}: {
  label: string;
  dialog: (onClose: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && dialog(() => setOpen(false))}
    </>
  );
}
