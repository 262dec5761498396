// Importing the scheme's member register (cli import-register).
export { REGISTER_IMPORT_USAGE, registerImportCommand } from "./register-command.js";
