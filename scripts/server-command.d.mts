// Types of server-command.mjs, for the packaging test under apps/server.
export declare const SERVER_ARGS: string[];
