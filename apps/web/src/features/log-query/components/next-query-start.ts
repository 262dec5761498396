/** What a form started by "Log another query" takes over from the query just sent. */
export interface NextQueryStart {
  email: string;
}
