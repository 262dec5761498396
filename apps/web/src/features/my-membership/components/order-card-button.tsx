import { ErrorAlert } from "../../../components/alert/alert";
import { Spinner } from "../../../components/spinner/spinner";
import { useOrderMembershipCard } from "../api/order-membership-card";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";

/** "Order a new card", then the service's confirmation with the order number. */
export function OrderCardButton() {
  const order = useOrderMembershipCard();
  return (
    <div>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => order.mutate()}
        disabled={order.isPending}
      >
        {order.isPending ? <Spinner size="sm" label="Ordering..." className="me-2" /> : null}
        Order a new card
      </button>
      {order.isSuccess ? (
        <div className="alert alert-success mt-2 mb-0" role="status">
          {order.data}
        </div>
      ) : null}
      {order.isError ? (
        <ErrorAlert className="mt-2 mb-0">{MY_MEMBERSHIP_MESSAGES.cardOrder}</ErrorAlert>
      ) : null}
    </div>
  );
}
