/** Names the generated people of the demo and scale seeds are made from. */
export const FIRST_NAMES = [
  'James',
  'Amelia',
  'Rhys',
  'Chloe',
  'Ibrahim',
  'Grace',
  'Owen',
  'Freya',
  'Kwame',
  'Isla',
  'Mateo',
  'Niamh',
];
export const SURNAMES = [
  'Hughes',
  'Patel',
  'Murray',
  'Okafor',
  'Lindqvist',
  'Fraser',
  'Nakamura',
  'Doyle',
  'Evans',
  'Costa',
];
