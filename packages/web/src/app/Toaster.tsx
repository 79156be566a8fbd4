// The toaster itself, in its own chunk (see Toasts.tsx). Bottom right, above the floating chat button (and on a
// phone above the floating dock): at the top a stack of toasts covered the navigation row.
import { Toaster as Sonner } from "sonner";

export default function Toaster() {
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      richColors
      visibleToasts={3}
      offset={{ bottom: 92, right: 16 }}
      mobileOffset={{ bottom: 100 }}
    />
  );
}
