// The account page's calls. Paths are checked against the contract at compile time like app/paths.ts.
import type { ChangePasswordBody, ChangePasswordResponse } from "@bot-arena/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../app/api";
import type { PathOf } from "../../app/paths";

const changePassword: PathOf<"changePassword"> = "/api/account/password";
const signOutEverywhere: PathOf<"signOutEverywhere"> = "/api/account/sign-out-everywhere";

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<ChangePasswordResponse>(changePassword, body),
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => api.post<{ ok: true }>(signOutEverywhere) });
}
