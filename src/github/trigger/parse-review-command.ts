// Recognises the /clearance command: a line of the comment that starts with it.
const COMMAND_LINE = /^[ \t]*\/clearance(?:[ \t]+review)?[ \t]*$/im;

export function isReviewCommand(body: string | null | undefined): boolean {
  if (!body) return false;
  // Quoted replies ("> /clearance") start with ">" and so never match: quoting is not asking.
  return COMMAND_LINE.test(body.replace(/\r\n/g, "\n"));
}

/** Commenter associations allowed to run the command (the spec: Owner, Member, Collaborator). */
export const COMMAND_ASSOCIATIONS = new Set(["OWNER", "MEMBER", "COLLABORATOR"]);
