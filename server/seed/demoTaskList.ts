import type { TaskType } from '../../shared/tasks/schema';

/** The demo event's task groups and tasks: due is days from today; onlyFor names a team type. */

export type DemoTask = {
  title: string;
  type: Exclude<TaskType, 'form'>;
  due: number;
  /** Simple HTML, as the rich text editor makes it. */
  description: string;
  approval?: boolean;
  required?: boolean;
  timeSensitive?: boolean;
  onlyFor?: string;
  link?: string;
  disclaimer?: string;
};

export const DEMO_TASK_GROUPS: [string, DemoTask[]][] = [
  [
    'Before you arrive',
    [
      {
        title: 'Accept the exhibitor terms and conditions',
        type: 'disclaimer',
        due: -21,
        description: '<p>Read the terms of exhibiting at Harbourside and accept them for your team.</p>',
        disclaimer:
          'I have read and accept the Harbourside exhibitor terms and conditions on behalf of my company.',
        required: true,
      },
      {
        title: 'Send your company logo',
        type: 'upload',
        due: -12,
        description:
          '<p>A <strong>PNG or SVG</strong> of at least 1000 pixels wide, for the show guide and website.</p>',
        approval: true,
      },
      {
        title: 'Write your show guide entry',
        type: 'externalForm',
        due: -3,
        description: '<p><strong>Up to 80 words</strong> about what visitors will find on your stand.</p>',
        link: 'https://forms.example.com/harbourside/show-guide',
      },
      {
        title: 'Confirm your stand contact',
        type: 'task',
        due: 2,
        description: '<p>Tell us who is in charge on your stand during the show.</p>',
        required: true,
      },
      {
        title: 'Register your stand staff',
        type: 'externalForm',
        due: 14,
        description: '<p>Every person working on the stand needs a badge.</p>',
        link: 'https://forms.example.com/harbourside/staff',
      },
      {
        title: 'Read the exhibitor manual',
        type: 'task',
        due: 20,
        description:
          '<p>The manual covers:</p><ul><li><p>opening times</p></li><li><p>build-up and breakdown</p></li><li><p>deliveries and contacts</p></li></ul>',
      },
      {
        title: 'Choose your opening day slot',
        type: 'tbc',
        due: 45,
        description: '<p>Slots for tastings on the opening morning will be offered soon.</p>',
      },
    ],
  ],
  [
    'Stand build',
    [
      {
        title: 'Upload your stand design',
        type: 'upload',
        due: -8,
        description: '<p>Plans and elevations of space-only stands, for the organisers to approve.</p>',
        approval: true,
        onlyFor: 'Exhibitor',
      },
      {
        title: 'Order stand furniture',
        type: 'externalForm',
        due: 6,
        description: '<p>Tables, chairs, counters and fridges from the official contractor.</p>',
        link: 'https://forms.example.com/harbourside/furniture',
      },
      {
        title: 'Book your build-up slot',
        type: 'task',
        due: 10,
        description: '<p>Space-only stands build on the two days before the show.</p>',
        onlyFor: 'Stand Builder',
      },
      {
        title: 'Submit the stand builder declaration',
        type: 'pdfForm',
        due: 25,
        description: '<p>Download, sign and upload the declaration of your stand builder.</p>',
        onlyFor: 'Stand Builder',
        approval: true,
      },
      {
        title: 'Order graphics panels',
        type: 'externalForm',
        due: 35,
        description: '<p>Printed panels for shell scheme walls.</p>',
        link: 'https://forms.example.com/harbourside/graphics',
      },
      {
        title: 'Confirm your fascia name',
        type: 'task',
        due: 40,
        description: '<p>The name printed above a shell scheme stand.</p>',
      },
    ],
  ],
  [
    'Catering and hygiene',
    [
      {
        title: 'Upload your food hygiene rating',
        type: 'upload',
        due: -16,
        description: '<p>A copy of your current rating certificate.</p>',
        approval: true,
        required: true,
      },
      {
        title: 'Upload menu and allergen information',
        type: 'upload',
        due: -2,
        description: '<p>Every dish or sample you serve, with its allergens.</p>',
        onlyFor: 'Caterer',
      },
      {
        title: 'Complete the food safety plan',
        type: 'pdfForm',
        due: 5,
        description: '<p>How you store, cook and serve food safely on the stand.</p>',
        timeSensitive: true,
      },
      {
        title: 'Book a gas safety check',
        type: 'task',
        due: 18,
        description: '<p>Needed for any stand cooking with gas.</p>',
        onlyFor: 'Caterer',
      },
      {
        title: 'Order refrigeration',
        type: 'externalForm',
        due: 28,
        description: '<p>Fridges and freezers delivered to the stand.</p>',
        link: 'https://forms.example.com/harbourside/fridges',
      },
      {
        title: 'Confirm waste and recycling needs',
        type: 'tbc',
        due: 60,
        description: '<p>The waste partner will publish collection times.</p>',
      },
      {
        title: 'Declare alcohol sampling',
        type: 'disclaimer',
        due: 30,
        description: '<p>Sampling alcohol needs a personal licence holder on the stand.</p>',
        disclaimer: 'A personal licence holder will be present whenever alcohol is sampled on our stand.',
      },
    ],
  ],
  [
    'Marketing and media',
    [
      {
        title: 'Send a product image for social media',
        type: 'upload',
        due: -5,
        description: '<p>Square, at least 1080 pixels, no text on the picture.</p>',
      },
      {
        title: 'Offer a show special',
        type: 'externalForm',
        due: 12,
        description: '<p>Discounts and launches we can promote before the show.</p>',
        link: 'https://forms.example.com/harbourside/specials',
      },
      {
        title: 'Book a press interview slot',
        type: 'task',
        due: 22,
        description: '<p>The Harbourside Herald interviews exhibitors on the first morning.</p>',
        onlyFor: 'Media Partner',
      },
      {
        title: 'Share your press release',
        type: 'upload',
        due: 32,
        description: '<p>For the press office and the media centre.</p>',
      },
      {
        title: 'Approve your sponsor listing',
        type: 'task',
        due: 8,
        description: '<p>Check your logo and wording in the sponsor pages.</p>',
        onlyFor: 'Sponsor',
        approval: true,
      },
      {
        title: 'Download the show marketing kit',
        type: 'task',
        due: 50,
        description: '<p>Banners and email signatures to invite your customers.</p>',
      },
    ],
  ],
  [
    'Health and safety',
    [
      {
        title: 'Upload public liability insurance',
        type: 'upload',
        due: -25,
        description: '<p>A certificate covering at least £5 million.</p>',
        required: true,
        approval: true,
      },
      {
        title: 'Submit your risk assessment',
        type: 'pdfForm',
        due: -9,
        description: '<p>Use the template in the exhibitor manual.</p>',
        required: true,
        approval: true,
      },
      {
        title: 'Name your first aider',
        type: 'task',
        due: 3,
        description: '<p>One trained first aider per stand, or share one with a neighbour.</p>',
      },
      {
        title: 'Complete the electrical safety declaration',
        type: 'disclaimer',
        due: 15,
        description: '<p>All equipment brought to the show must be PAT tested.</p>',
        disclaimer: 'All electrical equipment on our stand has a valid PAT test.',
      },
      {
        title: 'Watch the fire safety briefing',
        type: 'externalForm',
        due: 38,
        description: '<p>A ten-minute video with a short quiz.</p>',
        link: 'https://forms.example.com/harbourside/fire',
      },
      {
        title: 'Book a manual handling session',
        type: 'tbc',
        due: 75,
        description: '<p>Dates to be confirmed with the venue.</p>',
      },
    ],
  ],
  [
    'Power, deliveries and parking',
    [
      {
        title: 'Book stand power',
        type: 'externalForm',
        due: -1,
        description: '<p>Sockets and lighting from the venue electrician.</p>',
        link: 'https://forms.example.com/harbourside/power',
        timeSensitive: true,
      },
      {
        title: 'Book your delivery slot',
        type: 'task',
        due: 9,
        description: '<p>Deliveries reach the loading bay by timed slot only.</p>',
      },
      {
        title: 'Order exhibitor parking',
        type: 'externalForm',
        due: 24,
        description: '<p>Passes for the exhibitor car park.</p>',
        link: 'https://forms.example.com/harbourside/parking',
      },
      {
        title: 'Request water and drainage',
        type: 'task',
        due: 33,
        description: '<p>For stands with sinks or coffee machines.</p>',
        onlyFor: 'Caterer',
      },
      {
        title: 'Upload vehicle details',
        type: 'upload',
        due: 55,
        description: '<p>Registration numbers of vans unloading at the venue.</p>',
      },
      {
        title: 'Arrange pallet collection',
        type: 'tbc',
        due: 90,
        description: '<p>The logistics partner will confirm collection after the show.</p>',
      },
      {
        title: 'Confirm breakdown time',
        type: 'task',
        due: 85,
        description: '<p>Stands may not break down before the show closes.</p>',
      },
      {
        title: 'Return the loading bay pass',
        type: 'task',
        due: 88,
        description: '<p>Hand it back at the security office when you leave.</p>',
      },
    ],
  ],
];
