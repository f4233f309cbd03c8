import { Avatar } from '@mantine/core';
import { DEFAULT_TERMINOLOGY } from '../../../shared/events/terminology';
import { supplierTypesLabel } from '../../../shared/suppliers/groups';
import { useOptionalSession } from '../../lib/session';

/** The event's words for suppliers and supplier types (spec: terminology renames the area). */
export function useSupplierTerms() {
  const session = useOptionalSession();
  const suppliers = session?.shell?.terminology.suppliers || DEFAULT_TERMINOLOGY.suppliers;
  const types = supplierTypesLabel(suppliers);
  return { suppliers, types, typesLower: types.toLowerCase() };
}

/** A supplier's logo, or its initials when it has none (or the image fails to load). */
export function SupplierLogo({ company, logo, size = 48 }: { company: string; logo: string; size?: number }) {
  return (
    <Avatar
      src={logo || null}
      alt={`${company} logo`}
      size={size}
      radius="sm"
      name={company}
      color="initials"
    />
  );
}
