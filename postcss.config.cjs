// Mantine's PostCSS preset (rem(), light-dark(), breakpoint mixins) plus the spec's breakpoints as
// variables, so CSS modules use the same widths as the theme (client/ui/theme.ts).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '30em',
        'mantine-breakpoint-sm': '36em',
        'mantine-breakpoint-md': '48em',
        'mantine-breakpoint-lg': '62em',
        'mantine-breakpoint-xl': '75em',
        'mantine-breakpoint-xxl': '87.5em',
      },
    },
  },
};
