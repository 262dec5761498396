import { useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { Modal } from "../../../components/modal/modal";
import { Spinner } from "../../../components/spinner/spinner";
import { useTranslate } from "../../../i18n/translate";
import { useMayOrderCard } from "../api/get-order-permission";
import { useOrderMembershipCard } from "../api/order-membership-card";
import { myMembershipMessages as messages } from "../my-membership.messages";

/**
 * "Order a new card", confirmed in a dialog first (one click used to order at once), then the
 * service's confirmation with the order number. Offered only to whoever may order (the principal
 * member); a dependent is told who can.
 */
export function OrderCardButton() {
  const mayOrder = useMayOrderCard();
  const order = useOrderMembershipCard();
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslate();
  if (mayOrder.isPending) return null;
  if (mayOrder.data === false) {
    return <p className="mb-0">{t(messages.cardOrderPrincipalOnly)}</p>;
  }
  const confirm = () => {
    setConfirming(false);
    order.mutate();
  };
  // If the check itself failed, the button is offered: the service still decides.
  return (
    <div>
      <p className="mb-2">{t(messages.cardLost)}</p>
      <button
        type="button"
        className="btn btn-primary"
        // aria-disabled, not disabled, while ordering: the dialog gives focus back to this button,
        // which a disabled button could not take.
        aria-disabled={order.isPending}
        onClick={() => {
          if (!order.isPending) setConfirming(true);
        }}
      >
        {order.isPending ? <Spinner size="sm" label={t(messages.ordering)} className="me-2" /> : null}
        {t(messages.orderCard)}
      </button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t(messages.cardOrderConfirmTitle)}
        footer={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirming(false)}>
              {t(messages.cancel)}
            </button>
            <button type="button" className="btn btn-primary" onClick={confirm}>
              {t(messages.confirmOrder)}
            </button>
          </>
        }
      >
        <p className="mb-0">{t(messages.cardOrderConfirm)}</p>
      </Modal>
      {order.isSuccess ? (
        <div className="alert alert-success mt-2 mb-0" role="status">
          {order.data}
        </div>
      ) : null}
      {order.isError ? <ErrorAlert className="mt-2 mb-0">{t(messages.cardOrder)}</ErrorAlert> : null}
    </div>
  );
}
