import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import sharp from 'sharp';

/**
 * Files for the demo downloads and dashboard, made on the spot so the repository carries no
 * binaries (PDFs come from files/samples.ts): a floor plan and a header banner drawn with sharp, a spreadsheet with
 * exceljs and a ZIP of logos (stored entries; the ZIP layout is simple enough to write here).
 */

/** A hall plan: numbered stands in rows, aisles and the entrance, as a PNG. */
export async function floorPlanPng(): Promise<Buffer> {
  const stands: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 8; col++) {
      const x = 60 + col * 140;
      const y = 90 + row * 150 + (row >= 2 ? 60 : 0);
      const fill = (row + col) % 5 === 0 ? '#c8e6c9' : '#ffffff';
      stands.push(
        `<rect x="${x}" y="${y}" width="120" height="110" fill="${fill}" stroke="#1b5e20" stroke-width="3"/>`,
      );
      stands.push(
        `<text x="${x + 60}" y="${y + 62}" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#1b5e20">${String.fromCharCode(65 + row)}${col + 1}</text>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#f5f5f0"/>
    <text x="60" y="56" font-family="sans-serif" font-size="30" fill="#333">Hall 1 floor plan</text>
    ${stands.join('')}
    <rect x="500" y="760" width="200" height="30" fill="#1b5e20"/>
    <text x="600" y="782" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#fff">Entrance</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A wide banner for the dashboard header: the event's colours with soft waves. */
export async function headerBannerJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="480">
    <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1">
      <stop offset="0" stop-color="#0d3b1e"/><stop offset="1" stop-color="#2e7d32"/></linearGradient></defs>
    <rect width="1920" height="480" fill="url(#g)"/>
    <path d="M0 360 C 400 280, 800 440, 1200 340 S 1700 300, 1920 360 L1920 480 L0 480 Z" fill="#ffffff" opacity="0.12"/>
    <path d="M0 400 C 500 340, 900 470, 1400 390 S 1800 380, 1920 410 L1920 480 L0 480 Z" fill="#ffffff" opacity="0.18"/>
    <circle cx="1620" cy="120" r="70" fill="#ffd54f" opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A price list spreadsheet of stand extras. */
export async function priceListXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Stand extras');
  sheet.columns = [
    { header: 'Item', key: 'item', width: 36 },
    { header: 'Unit', key: 'unit', width: 14 },
    { header: 'Price (GBP)', key: 'price', width: 14 },
  ];
  for (const [item, unit, price] of [
    ['13 amp power socket', 'each', 95],
    ['Spotlight arm', 'each', 48],
    ['Extra carpet tile', 'm²', 12.5],
    ['Counter with lockable store', 'each', 180],
    ['Fridge (under-counter)', 'each', 140],
    ['Wi-Fi, dedicated line', 'per show', 220],
  ] as const) {
    sheet.addRow({ item, unit, price });
  }
  sheet.getColumn('price').numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Square logo files in three colourways. */
async function logoPng(background: string, foreground: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <rect width="512" height="512" rx="64" fill="${background}"/>
    <circle cx="256" cy="220" r="110" fill="none" stroke="${foreground}" stroke-width="28"/>
    <rect x="136" y="360" width="240" height="36" rx="18" fill="${foreground}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A ZIP (stored, no compression) of the event logos. */
export async function logoPackZip(): Promise<Buffer> {
  const entries: [string, Buffer][] = [
    ['logo-green.png', await logoPng('#1b5e20', '#ffffff')],
    ['logo-white.png', await logoPng('#ffffff', '#1b5e20')],
    ['logo-black.png', await logoPng('#111111', '#ffffff')],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
