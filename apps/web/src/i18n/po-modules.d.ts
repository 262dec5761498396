// A catalogue imported as a module: @lingui/vite-plugin compiles the PO file at build time.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
