import { ThemeIcon } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { Asset } from '../../../shared/assets/schema';

export const assetCrumbs = (last?: string) => [
  { label: 'Admin', to: '/admin' },
  ...(last ? [{ label: 'Assets', to: '/admin/assets' }, { label: last }] : [{ label: 'Assets' }]),
];

/** The asset's thumbnail, or a document icon; decorative beside its name, so no alt text twice. */
export function AssetThumb({ asset, size = 64 }: { asset: Asset; size?: number }) {
  if (asset.data) {
    return (
      <img
        src={asset.data.thumb}
        alt=""
        width={size}
        height={Math.round((size * 2) / 3)}
        loading="lazy"
        style={{ objectFit: 'cover', borderRadius: 4, display: 'block', background: '#f1f3f5' }}
      />
    );
  }
  return (
    <ThemeIcon variant="light" color="gray" size={Math.round((size * 2) / 3)} aria-hidden>
      <IconFileText size={Math.round(size / 3)} />
    </ThemeIcon>
  );
}

/** The file name without its extension: a sensible first name for a new asset. */
export function nameFromFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[_-]+/g, ' ').trim();
}
