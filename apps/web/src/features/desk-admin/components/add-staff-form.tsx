import { zodResolver } from "@hookform/resolvers/zod";
import { type StaffCreateBody, staffCreateBodySchema, USERNAME_RULE } from "@portal/domain";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { ErrorMessage } from "../../../components/console/status-message";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { refusalMessage } from "../../../lib/console/error-message";
import { useCreateStaffAccount } from "../api/create-staff-account";
import { StaffRoleOptions } from "./staff-role-options";

type FieldName = keyof StaffCreateBody;

/**
 * The contract's checks in the console's words where the schema has none of its own (a name too
 * long). The schema's own sentences (usernameProblem's, "Enter the first name.", the email's) win.
 */
const ADD_STAFF_PROBLEMS: Readonly<Record<string, string>> = {
  firstName: "Keep the first name to 100 characters.",
  lastName: "Keep the last name to 100 characters.",
  username: "The username is too long: use at most 64 characters.",
  role: "Choose a role.",
};
const parseOptions = {
  error: (issue: { path?: PropertyKey[] | undefined }) => ADD_STAFF_PROBLEMS[String(issue.path?.[0])],
};

/**
 * Add staff member (supervisors, not only the command line): the log-in `cli
 * staff:create` makes, with one address. No password field: the new staff member gets a mail to
 * set their own, so a supervisor never chooses, sees or passes one on.
 */
export function AddStaffForm({ onAdded }: { onAdded: (sentence: string) => void }) {
  const id = useId();
  const create = useCreateStaffAccount();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(staffCreateBodySchema, parseOptions),
    defaultValues: {
      username: "",
      firstName: "",
      lastName: "",
      email: "",
      role: "STAFF_AGENT" as StaffCreateBody["role"],
    },
  });
  const field = (name: FieldName, hint = false) =>
    errorAttributes(`${id}-${name}`, errors[name], hint ? [`${id}-${name}-hint`] : []);

  const submit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: () => {
        // The page's one status line says it, as it says the other changes on the page.
        onAdded(
          `${values.firstName} ${values.lastName} is added. We emailed ${values.email} a link to set their password.`,
        );
        reset();
      },
    });
  });

  const input = (name: Exclude<FieldName, "role">, label: string, autoComplete: string, hint?: string) => {
    const attributes = field(name, hint !== undefined);
    return (
      <div className="col-sm-6">
        <label htmlFor={`${id}-${name}`} className="form-label">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          type={name === "email" ? "email" : "text"}
          autoComplete={autoComplete}
          spellCheck={false}
          className={`form-control${errors[name] ? " is-invalid" : ""}`}
          aria-required="true"
          {...attributes.controlProps}
          {...register(name)}
        />
        {hint ? (
          <div id={`${id}-${name}-hint`} className="form-text">
            {hint}
          </div>
        ) : null}
        <FieldErrorText id={attributes.errorId} error={errors[name]} />
      </div>
    );
  };
  const role = field("role");

  return (
    <section aria-labelledby={`${id}-heading`} className="card mb-4">
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          Add staff member
        </h2>
        <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
          <div className="row g-3">
            {input("firstName", "First name", "off")}
            {input("lastName", "Last name", "off")}
            {input("username", "Username", "off", USERNAME_RULE)}
            {input("email", "Email", "off", "We email a link here to set their own password.")}
            <div className="col-sm-6">
              <label htmlFor={`${id}-role`} className="form-label">
                Role
              </label>
              <select
                id={`${id}-role`}
                className={`form-select${errors.role ? " is-invalid" : ""}`}
                {...role.controlProps}
                {...register("role")}
              >
                <StaffRoleOptions />
              </select>
              <FieldErrorText id={role.errorId} error={errors.role} />
            </div>
          </div>
          <button type="submit" className="btn btn-primary mt-3" disabled={create.isPending}>
            Add staff member
          </button>
          <ErrorMessage>
            {create.error
              ? refusalMessage(create.error, "The staff member could not be added. Please try again.")
              : null}
          </ErrorMessage>
        </form>
      </div>
    </section>
  );
}
