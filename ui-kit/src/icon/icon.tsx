import {
  Banknote,
  Bell,
  Book,
  Bookmark,
  BookOpen,
  Boxes,
  Calendar,
  ChevronLeft,
  ChevronRight,
  Circle,
  Columns3,
  Download,
  Ellipsis,
  FileSpreadsheet,
  FileText,
  GitMerge,
  History,
  House,
  Inbox,
  type LucideIcon,
  Map as MapIcon,
  Package,
  PackageCheck,
  Percent,
  Plus,
  Receipt,
  Settings,
  Shield,
  SlidersHorizontal,
  Truck,
  Upload,
  UserCheck,
  Users,
  Wallet,
  X,
} from 'lucide-react'

/**
 * Procura's one icon set (Lucide), by the names the server's menu and the screens use. Only these
 * are bundled. An icon is decoration: the text beside it (or the button's label) names the action.
 */
export const ICONS = {
  banknote: Banknote,
  bell: Bell,
  book: Book,
  'book-open': BookOpen,
  bookmark: Bookmark,
  boxes: Boxes,
  calendar: Calendar,
  'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight,
  columns: Columns3,
  download: Download,
  more: Ellipsis,
  spreadsheet: FileSpreadsheet,
  'file-text': FileText,
  'git-merge': GitMerge,
  map: MapIcon,
  history: History,
  home: House,
  inbox: Inbox,
  package: Package,
  'package-check': PackageCheck,
  percent: Percent,
  plus: Plus,
  receipt: Receipt,
  settings: Settings,
  shield: Shield,
  sliders: SlidersHorizontal,
  truck: Truck,
  upload: Upload,
  'user-check': UserCheck,
  users: Users,
  wallet: Wallet,
  close: X,
} as const satisfies Record<string, LucideIcon>

export type IconName = keyof typeof ICONS

/** An icon by name, hidden from assistive technology; an unknown name draws a neutral dot. */
export const Icon = ({ name, size = 16 }: { name: string; size?: number }) => {
  const Drawn = (ICONS as Record<string, LucideIcon>)[name] ?? Circle
  return <Drawn aria-hidden="true" focusable="false" size={size} strokeWidth={2} className="pc-icon" />
}
