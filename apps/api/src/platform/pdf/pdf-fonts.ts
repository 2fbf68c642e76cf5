import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The DejaVu fonts every server-built PDF embeds (pdfkit's built-in fonts garble anything beyond Latin-1).
 * apps/api/assets/fonts is three levels up from this file when run from source (src/platform/pdf), one level
 * up when bundled (dist/*.js, what `npm start` and CI run).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fontDirs = [path.resolve(here, '../../../assets/fonts'), path.resolve(here, '../assets/fonts')];
const fontsDir =
  fontDirs.find((dir) => existsSync(path.join(dir, 'DejaVuSans.ttf'))) ?? (fontDirs[0] as string);

export const PDF_FONT_REGULAR = path.join(fontsDir, 'DejaVuSans.ttf');
export const PDF_FONT_BOLD = path.join(fontsDir, 'DejaVuSans-Bold.ttf');
