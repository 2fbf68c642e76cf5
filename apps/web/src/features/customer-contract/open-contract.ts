import { contractMessages } from '@app/contracts/customer-contracts.contract';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { fetchContractLink } from './contract-api';

/**
 * CUSTOMER CONTRACT (000 §2, P3/P4): with a stored document, GET signedURL/ and open it in a new tab (M50 on
 * failure); without one, the dealer goes to /contract/{requestId} to create it. The tab is opened before the
 * call so a popup blocker sees the click.
 */
export function useOpenContract() {
  const navigate = useNavigate();
  return async (requestId: number, hasDocument: boolean) => {
    if (!hasDocument) {
      navigate(`/contract/${requestId}`);
      return;
    }
    const tab = window.open('', '_blank');
    try {
      const url = await fetchContractLink(requestId);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch {
      tab?.close();
      notifications.show({ color: 'red', message: contractMessages.accessError });
    }
  };
}
