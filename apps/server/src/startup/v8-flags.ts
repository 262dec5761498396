import v8 from "node:v8";

// V8 decides per allocation site (a place in the code that makes objects) whether its objects go
// straight to the old generation, from how many of them survived the last young collections: a
// "tenured" site never goes back, since objects made in the old generation carry no feedback.
// Start-up work (migrations, the demo seed, a bulk job) tenured sites the request path shares
// (row mapping, pg's results). Every request then left objects in the old generation holding young
// ones alive, so each young collection copied megabytes instead of kilobytes: 10-14 ms instead of
// 1.5 ms, and a fifth more CPU a request, for the life of the process (docs/decisions/0029).
v8.setFlagsFromString("--no-allocation-site-pretenuring");

// Every read from a socket is a new buffer outside the heap (64 KB during an upload), garbage once
// written on. V8 runs a young collection for such buffers when they reach twice its largest
// semi-space, which it reads from this flag each time: Node 24's V8 raised the flag from 8 to 32,
// so the trigger went from 32 MB to 128 MB, past the 64 MB at which V8 instead starts a full
// marking. 20 uploads at once then held 74 MB of spent buffers (Node 20: 21 MB), and the server
// grew 81-135 MB instead of about 40 (docs/decisions/0030). 8 puts the trigger back; the young
// generation's own size was set from the flag when the heap was set up, and stays.
v8.setFlagsFromString("--scavenger-max-new-space-capacity-mb=8");

// Imported first by tracing.ts and server.ts, before any of the work above allocates.
