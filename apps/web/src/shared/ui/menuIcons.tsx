import { spriteIcon } from './frameIcons';

/*
 * The header menu's icons (shapes in ./icons.svg): loaded with the open menu's chunk
 * (app/layout/HeaderMenuPanel). Screens that draw them import them from here (a re-export from
 * ./icons would make every chunk that imports ./icons load these).
 */

export const ArrowDownIcon = spriteIcon('arrow-down');
export const ArrowUpIcon = spriteIcon('arrow-up');
export const RefreshIcon = spriteIcon('refresh');
export const HelpIcon = spriteIcon('help');
export const EyeIcon = spriteIcon('eye');
export const EyeOffIcon = spriteIcon('eye-off');
export const LogoutIcon = spriteIcon('logout');
