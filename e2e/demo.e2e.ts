import { demoWalks } from './demo-walks'

// Who orders and pays: the administrator, the buyer and accounts payable.
demoWalks(['admin', 'buyer', 'payables'])
