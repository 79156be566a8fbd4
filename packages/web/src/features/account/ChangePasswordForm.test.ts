import { accountMessages, authMessages } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";
import { checkPasswordForm, passwordsDoNotMatch } from "./ChangePasswordForm";

describe("the change-password form's own checks", () => {
  const ok = { currentPassword: "old secret", newPassword: "new secret", confirm: "new secret" };
  it("passes a complete form", () => {
    expect(checkPasswordForm(ok)).toEqual({});
  });
  it.each([
    [{ ...ok, currentPassword: "" }, { currentPassword: accountMessages.currentPasswordRequired }],
    [{ ...ok, newPassword: "", confirm: "" }, { newPassword: accountMessages.newPasswordRequired }],
    [{ ...ok, newPassword: "12345", confirm: "12345" }, { newPassword: authMessages.passwordTooShort }],
    [
      { ...ok, newPassword: "old secret", confirm: "old secret" },
      { newPassword: accountMessages.newPasswordSame },
    ],
    [{ ...ok, confirm: "new secreT" }, { confirm: passwordsDoNotMatch }],
  ])("refuses %j with the server's words", (input, errors) => {
    expect(checkPasswordForm(input)).toEqual(errors);
  });
});
