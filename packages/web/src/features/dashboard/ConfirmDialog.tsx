// A yes/no dialog for the costly roster actions (refresh, recycle), with the spec's warnings as its body.
import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  variant?: ButtonVariant;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()} title={props.title}>
      <div className="space-y-3 text-ink/90">{props.children}</div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="ghost" onClick={props.onClose}>
          Cancel
        </Button>
        <Button
          variant={props.variant ?? "primary"}
          busy={props.busy}
          icon={props.confirmIcon}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
