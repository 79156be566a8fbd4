// The toaster itself, in its own chunk (see Toasts.tsx).
import { Toaster as Sonner } from "sonner";

export default function Toaster() {
  return (
    <Sonner theme="dark" position="top-right" richColors offset={{ top: 76 }} mobileOffset={{ top: 72 }} />
  );
}
