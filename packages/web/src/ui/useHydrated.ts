// False while a prerendered page is being hydrated (and in the prerender itself), true from the first render after.
// A prerendered form keeps its controls disabled until then: a press before React listens would be lost, and a
// form submitted natively would put the password in the address.
import { useSyncExternalStore } from "react";

const never = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
