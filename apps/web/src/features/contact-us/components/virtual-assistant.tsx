import type { CategoryChoice } from "@portal/domain";
import { useState } from "react";
import { Modal } from "../../../components/modal/modal";
import { useTranslate } from "../../../i18n/translate";
import { contactUsMessages } from "../contact-us.messages";
import { VirtualAssistantChat } from "./virtual-assistant-chat";

/** The card's way into the virtual-assistant chat box (requirements §2): a button that opens a dialog. */
export function VirtualAssistant({
  onLogQuery,
}: {
  /** "Still need help? Log a query": the chat closes and the form takes over. */
  onLogQuery?: (choice: CategoryChoice | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslate();
  return (
    <>
      {/* Styled as a link, as the spec describes it, but a button: it opens a dialog, it goes nowhere. */}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => setOpen(true)}>
        {t(contactUsMessages.chatToAssistant)}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t(contactUsMessages.assistantTitle)}>
        <VirtualAssistantChat
          onLogQuery={
            onLogQuery
              ? (choice) => {
                  setOpen(false);
                  onLogQuery(choice);
                }
              : undefined
          }
        />
      </Modal>
    </>
  );
}
