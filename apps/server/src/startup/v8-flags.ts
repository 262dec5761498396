import v8 from "node:v8";

// V8 decides per allocation site (a place in the code that makes objects) whether its objects go
// straight to the old generation, from how many of them survived the last young collections: a
// "tenured" site never goes back, since objects made in the old generation carry no feedback.
// Start-up work (migrations, the demo seed, a bulk job) tenured sites the request path shares
// (row mapping, pg's results). Every request then left objects in the old generation holding young
// ones alive, so each young collection copied megabytes instead of kilobytes: 10-14 ms instead of
// 1.5 ms, and a fifth more CPU a request, for the life of the process (docs/decisions/0029).
// Imported first by tracing.ts and server.ts, before any of that work allocates.
v8.setFlagsFromString("--no-allocation-site-pretenuring");
