// Backups of the embedded database (taken by the process that holds DATA_DIR, asked over
// DATA_DIR/admin.sock) and restoring one: cli backup, cli restore. docs/decisions/0019.
export { ADMIN_SOCKET, requestBackup } from "./admin-socket.js";
export { BackupArchiveError, type BackupSummary, restoreBackupArchive } from "./backup-archive.js";
export { backupEmbedded, serveEmbeddedBackups } from "./embedded-backup.js";
