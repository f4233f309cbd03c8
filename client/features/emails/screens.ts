import { lazyModule } from '../../ui/chunkReload';

/** The email template screens, lazy-loaded, for the router's screen list. */
export const emailTemplateScreens = {
  emailTemplates: lazyModule(() => import('./EmailTemplatesScreen')),
  editEmailTemplate: lazyModule(() => import('./EmailTemplateScreen')),
  viewEmailTemplate: lazyModule(() =>
    import('./EmailTemplateScreen').then((m) => ({ Component: m.ViewEmailTemplateScreen })),
  ),
};
