// The chat API's paths, checked against the contract at compile time like app/paths.ts.
import { type PathOf, withId } from "../../app/paths";

const messages: PathOf<"listChat"> = "/api/chat/messages";
const report: PathOf<"reportChat"> = "/api/chat/messages/:id/report";
const hidden: PathOf<"listHidden"> = "/api/chat/hidden";
const unhide: PathOf<"unhidePlayer"> = "/api/chat/hidden/:userId";
const adminDelete: PathOf<"deleteChatMessage"> = "/api/admin/chat/messages/:id";
const mutes: PathOf<"muteChatPlayer"> = "/api/admin/chat/mutes";
const unmute: PathOf<"unmuteChatPlayer"> = "/api/admin/chat/mutes/:userId";
const reports: PathOf<"listChatReports"> = "/api/admin/chat/reports";

const withUser = (path: string, userId: string) => path.replace(":userId", encodeURIComponent(userId));

export const chatPaths = {
  messages,
  report: (id: string) => withId(report, id),
  hidden,
  unhide: (userId: string) => withUser(unhide, userId),
  adminDelete: (id: string) => withId(adminDelete, id),
  mutes,
  unmute: (userId: string) => withUser(unmute, userId),
  reports,
};

export const chatKeys = {
  messages: ["chat", "messages"],
  hidden: ["chat", "hidden"],
  mutes: ["chat", "admin", "mutes"],
  reports: ["chat", "admin", "reports"],
} as const;
