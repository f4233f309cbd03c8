import type { TaskType } from '../../shared/tasks/schema';

/** The demo event's task groups and tasks: due is days from today; onlyFor names a team type. */

export type DemoTask = {
  title: string;
  type: Exclude<TaskType, 'form'>;
  due: number;
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
        description: 'Read the terms of exhibiting at Harbourside and accept them for your team.',
        disclaimer:
          'I have read and accept the Harbourside exhibitor terms and conditions on behalf of my company.',
        required: true,
      },
      {
        title: 'Send your company logo',
        type: 'upload',
        due: -12,
        description: 'A PNG or SVG of at least 1000 pixels wide, for the show guide and website.',
        approval: true,
      },
      {
        title: 'Write your show guide entry',
        type: 'externalForm',
        due: -3,
        description: 'Up to 80 words about what visitors will find on your stand.',
        link: 'https://forms.example.com/harbourside/show-guide',
      },
      {
        title: 'Confirm your stand contact',
        type: 'task',
        due: 2,
        description: 'Tell us who is in charge on your stand during the show.',
        required: true,
      },
      {
        title: 'Register your stand staff',
        type: 'externalForm',
        due: 14,
        description: 'Every person working on the stand needs a badge.',
        link: 'https://forms.example.com/harbourside/staff',
      },
      {
        title: 'Read the exhibitor manual',
        type: 'task',
        due: 20,
        description: 'Opening times, build-up and breakdown, deliveries and contacts.',
      },
      {
        title: 'Choose your opening day slot',
        type: 'tbc',
        due: 45,
        description: 'Slots for tastings on the opening morning will be offered soon.',
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
        description: 'Plans and elevations of space-only stands, for the organisers to approve.',
        approval: true,
        onlyFor: 'Exhibitor',
      },
      {
        title: 'Order stand furniture',
        type: 'externalForm',
        due: 6,
        description: 'Tables, chairs, counters and fridges from the official contractor.',
        link: 'https://forms.example.com/harbourside/furniture',
      },
      {
        title: 'Book your build-up slot',
        type: 'task',
        due: 10,
        description: 'Space-only stands build on the two days before the show.',
        onlyFor: 'Stand Builder',
      },
      {
        title: 'Submit the stand builder declaration',
        type: 'pdfForm',
        due: 25,
        description: 'Download, sign and upload the declaration of your stand builder.',
        onlyFor: 'Stand Builder',
        approval: true,
      },
      {
        title: 'Order graphics panels',
        type: 'externalForm',
        due: 35,
        description: 'Printed panels for shell scheme walls.',
        link: 'https://forms.example.com/harbourside/graphics',
      },
      {
        title: 'Confirm your fascia name',
        type: 'task',
        due: 40,
        description: 'The name printed above a shell scheme stand.',
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
        description: 'A copy of your current rating certificate.',
        approval: true,
        required: true,
      },
      {
        title: 'Upload menu and allergen information',
        type: 'upload',
        due: -2,
        description: 'Every dish or sample you serve, with its allergens.',
        onlyFor: 'Caterer',
      },
      {
        title: 'Complete the food safety plan',
        type: 'pdfForm',
        due: 5,
        description: 'How you store, cook and serve food safely on the stand.',
        timeSensitive: true,
      },
      {
        title: 'Book a gas safety check',
        type: 'task',
        due: 18,
        description: 'Needed for any stand cooking with gas.',
        onlyFor: 'Caterer',
      },
      {
        title: 'Order refrigeration',
        type: 'externalForm',
        due: 28,
        description: 'Fridges and freezers delivered to the stand.',
        link: 'https://forms.example.com/harbourside/fridges',
      },
      {
        title: 'Confirm waste and recycling needs',
        type: 'tbc',
        due: 60,
        description: 'The waste partner will publish collection times.',
      },
      {
        title: 'Declare alcohol sampling',
        type: 'disclaimer',
        due: 30,
        description: 'Sampling alcohol needs a personal licence holder on the stand.',
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
        description: 'Square, at least 1080 pixels, no text on the picture.',
      },
      {
        title: 'Offer a show special',
        type: 'externalForm',
        due: 12,
        description: 'Discounts and launches we can promote before the show.',
        link: 'https://forms.example.com/harbourside/specials',
      },
      {
        title: 'Book a press interview slot',
        type: 'task',
        due: 22,
        description: 'The Harbourside Herald interviews exhibitors on the first morning.',
        onlyFor: 'Media Partner',
      },
      {
        title: 'Share your press release',
        type: 'upload',
        due: 32,
        description: 'For the press office and the media centre.',
      },
      {
        title: 'Approve your sponsor listing',
        type: 'task',
        due: 8,
        description: 'Check your logo and wording in the sponsor pages.',
        onlyFor: 'Sponsor',
        approval: true,
      },
      {
        title: 'Download the show marketing kit',
        type: 'task',
        due: 50,
        description: 'Banners and email signatures to invite your customers.',
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
        description: 'A certificate covering at least £5 million.',
        required: true,
        approval: true,
      },
      {
        title: 'Submit your risk assessment',
        type: 'pdfForm',
        due: -9,
        description: 'Use the template in the exhibitor manual.',
        required: true,
        approval: true,
      },
      {
        title: 'Name your first aider',
        type: 'task',
        due: 3,
        description: 'One trained first aider per stand, or share one with a neighbour.',
      },
      {
        title: 'Complete the electrical safety declaration',
        type: 'disclaimer',
        due: 15,
        description: 'All equipment brought to the show must be PAT tested.',
        disclaimer: 'All electrical equipment on our stand has a valid PAT test.',
      },
      {
        title: 'Watch the fire safety briefing',
        type: 'externalForm',
        due: 38,
        description: 'A ten-minute video with a short quiz.',
        link: 'https://forms.example.com/harbourside/fire',
      },
      {
        title: 'Book a manual handling session',
        type: 'tbc',
        due: 75,
        description: 'Dates to be confirmed with the venue.',
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
        description: 'Sockets and lighting from the venue electrician.',
        link: 'https://forms.example.com/harbourside/power',
        timeSensitive: true,
      },
      {
        title: 'Book your delivery slot',
        type: 'task',
        due: 9,
        description: 'Deliveries reach the loading bay by timed slot only.',
      },
      {
        title: 'Order exhibitor parking',
        type: 'externalForm',
        due: 24,
        description: 'Passes for the exhibitor car park.',
        link: 'https://forms.example.com/harbourside/parking',
      },
      {
        title: 'Request water and drainage',
        type: 'task',
        due: 33,
        description: 'For stands with sinks or coffee machines.',
        onlyFor: 'Caterer',
      },
      {
        title: 'Upload vehicle details',
        type: 'upload',
        due: 55,
        description: 'Registration numbers of vans unloading at the venue.',
      },
      {
        title: 'Arrange pallet collection',
        type: 'tbc',
        due: 90,
        description: 'The logistics partner will confirm collection after the show.',
      },
      {
        title: 'Confirm breakdown time',
        type: 'task',
        due: 85,
        description: 'Stands may not break down before the show closes.',
      },
      {
        title: 'Return the loading bay pass',
        type: 'task',
        due: 88,
        description: 'Hand it back at the security office when you leave.',
      },
    ],
  ],
];
