import { paths } from '../../paths';

/** Where the admin's Orders section opens one order's details. */
export const adminOrderPath = (orderId: string) =>
  `${paths.adminSection('orders')}&order=${encodeURIComponent(orderId)}`;
