// The account page's calls.
import type { ChangePasswordBody } from "@bot-arena/contract";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../app/call";
import type { AfterSignOut } from "../../app/session";

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call("changePassword", { body }),
  });
}

/** Like useSignOut, its follow-up goes in the mutation's own callbacks (see there why). */
export function useSignOutEverywhere(after: AfterSignOut) {
  return useMutation({ mutationFn: () => call("signOutEverywhere"), ...after });
}
