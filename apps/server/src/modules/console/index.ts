// The staff console's routes (the desk, staff accounts, failed mails), mounted at CONSOLE_BASE.
export { consoleModule } from "./routes.js";
