// The account page's calls.
import type { ChangePasswordBody } from "@bot-arena/contract";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../app/call";

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call("changePassword", { body }),
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => call("signOutEverywhere") });
}
