// Change password: the current one proves it is the player; the server then signs out every other device.
import { accountMessages, authMessages } from "@bot-arena/contract";
import { KeyRound, LockKeyhole } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { ApiError, errorMessage } from "../../app/api";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Input";
import { useChangePassword } from "./api";

type Errors = { currentPassword?: string; newPassword?: string; confirm?: string };

const fields: { name: keyof Errors; label: string; hint?: string }[] = [
  { name: "currentPassword", label: "Current password" },
  { name: "newPassword", label: "New password", hint: "6 to 200 characters" },
  { name: "confirm", label: "Confirm new password" },
];

export const passwordsDoNotMatch = "Passwords do not match";

/** The same checks the server makes, so most mistakes are caught before a request. */
export function checkPasswordForm(input: {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}): Errors {
  const errors: Errors = {};
  if (!input.currentPassword) errors.currentPassword = accountMessages.currentPasswordRequired;
  if (!input.newPassword) errors.newPassword = accountMessages.newPasswordRequired;
  else if (input.newPassword.length < 6) errors.newPassword = authMessages.passwordTooShort;
  else if (input.newPassword.length > 200) errors.newPassword = authMessages.passwordTooLong;
  else if (input.newPassword === input.currentPassword) errors.newPassword = accountMessages.newPasswordSame;
  if (!errors.newPassword && input.confirm !== input.newPassword) errors.confirm = passwordsDoNotMatch;
  return errors;
}

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [form, setForm] = useState({ currentPassword: "", newPassword: "", confirm: "" });
  const [errors, setErrors] = useState<Errors>({});

  const edit = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPasswordForm(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          toast.success(accountMessages.passwordChanged);
          setForm({ currentPassword: "", newPassword: "", confirm: "" });
        },
        onError: (error) => {
          const message = errorMessage(error, "Could not change the password");
          if (error instanceof ApiError && message === accountMessages.currentPasswordWrong) {
            setErrors({ currentPassword: message });
          } else if (error instanceof ApiError && error.fields) {
            setErrors(error.fields);
          }
          toast.error(message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Change password">
      {fields.map((field) => (
        <Field
          key={field.name}
          label={field.label}
          type="password"
          autoComplete={field.name === "currentPassword" ? "current-password" : "new-password"}
          icon={
            field.name === "currentPassword" ? (
              <LockKeyhole className="size-4" />
            ) : (
              <KeyRound className="size-4" />
            )
          }
          value={form[field.name]}
          onChange={edit(field.name)}
          error={errors[field.name]}
          hint={field.hint}
        />
      ))}
      <Button type="submit" busy={change.isPending} icon={<KeyRound className="size-4" aria-hidden="true" />}>
        Change Password
      </Button>
    </form>
  );
}
