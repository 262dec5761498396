// How an agent's reply looks, wherever it is shown: the member's frame (the reply's own document,
// whose body is .reply-html) and the console's preview and sent replies (the console page adopts it).
// One stylesheet, so what the agent previews is what the member sees. Tables have their grid, and
// a table wider than the reply scrolls inside it: words and amounts keep whole ("R850.00"), since
// breaking anywhere made a narrow table split them mid-word. Mails set the same borders inline
// (mail clients drop <style>), in the cleaning worker.

export const REPLY_ROOT_CLASS = "reply-html";

export const REPLY_STYLESHEET = [
  ".reply-html{overflow-wrap:break-word}",
  ".reply-html img{max-width:100%;height:auto}",
  ".reply-html table{display:block;width:fit-content;max-width:100%;overflow-x:auto;border-collapse:collapse;margin:.5rem 0}",
  ".reply-html th,.reply-html td{border:1px solid #adb5bd;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:normal;word-break:normal}",
  ".reply-html p:last-child{margin-bottom:0}",
].join("\n");
