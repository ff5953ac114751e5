// The demo PDFs: the introduction, the workshop brochure, three brochures and the read-aloud texts.
import { makePdf, type PdfPage } from './pdf.js';

const blue: PdfPage['color'] = [0.17, 0.42, 0.69];
const green: PdfPage['color'] = [0.18, 0.52, 0.35];
const amber: PdfPage['color'] = [0.72, 0.47, 0.12];

export function demoDocuments(): Array<[string, Uint8Array]> {
  return [
    [
      'introduction.pdf',
      makePdf('Monster plan: introduction', [
        {
          color: blue,
          title: 'Monster plan',
          lines: [
            'A 1000-minute focused-listening programme.',
            'Every week has short video lessons, one for each day.',
            'Each day: watch, read the subtitles, learn the words,',
            'then read the day\'s text aloud and send your recording.',
          ],
        },
        {
          color: blue,
          title: 'How it works',
          lines: [
            '1. Ask for a plan; the centre approves your request.',
            '2. Watch the day\'s video at 0.7x, 1x, 1.5x or 2x.',
            '3. Download the day\'s words and the read-aloud text.',
            '4. A recording within 24 hours of the assignment: 10,000 MNT back.',
            '5. The final vocabulary exam: 40 questions, 9 seconds each.',
            '   35 correct answers or more: 10,000 MNT back.',
          ],
        },
      ]),
    ],
    [
      'workshop.pdf',
      makePdf('Boosterz workshop', [
        { color: amber, title: 'Boosterz workshop', lines: ['A weekend of listening and speaking practice.', 'Small groups, real conversations, daily feedback.'] },
        { color: amber, title: 'Programme', lines: ['Day 1: listening strategies and note-taking.', 'Day 2: speaking with confidence.', 'Day 3: mock test and personal study plan.'] },
        { color: amber, title: 'Join us', lines: ['Ask at the centre or write to us from the Help page.', 'Seats are limited to twelve learners per group.'] },
      ]),
    ],
    ...[
      ['IELTS Listening for beginners', '59,000 MNT', 'Task types, numbers and dates, maps and plans.'],
      ['English grammar: intermediate', '45,000 MNT', 'Present perfect, conditionals, the passive voice.'],
      ['Spoken English: everyday talk', '39,000 MNT', 'Introductions, phone calls, giving your opinion.'],
    ].map(([title, price, topics], index): [string, Uint8Array] => [
      `brochure-${index + 1}.pdf`,
      makePdf(title!, [
        { color: [blue, green, amber][index]!, title: title!, lines: [`Remote lesson bundle, ${price}.`, `Lectures: ${topics}`, 'Watch at your own pace; ask for access on the lessons page.'] },
      ]),
    ]),
  ];
}

const passages = [
  'Every morning I wake up before my alarm. I stretch, make breakfast and take the bus to work.',
  'At the shop I keep the receipt. If the price is wrong, the cashier gives me a refund.',
  'The forecast says it will be humid today, with a light breeze and a shower in the evening.',
  'My cousin and I get along well. We visit our relatives together every summer.',
  'The meeting starts at nine. I send my report to a colleague before the deadline.',
  'Our departure was delayed. We waited at the gate with our luggage until boarding began.',
  'We looked at the menu, ordered a starter and asked for the bill. We left a small tip.',
  'I made an appointment with the doctor. She gave me a prescription for my fever.',
  'My hobby is photography. Last month I joined a club that meets on Saturdays.',
  'At the weekend we relax, have a picnic in the park and sometimes take a nap.',
];

export function aloudPdf(plan: number, day: number): Uint8Array {
  const passage = passages[day % passages.length]!;
  const words = passage.split(' ');
  const lines: string[] = [];
  for (let at = 0; at < words.length; at += 9) lines.push(words.slice(at, at + 9).join(' '));
  return makePdf(`Monster plan ${plan + 1}: read aloud, day ${day + 1}`, [
    {
      color: green,
      title: `Plan ${plan + 1}, week ${Math.floor(day / 5) + 1}, day ${(day % 5) + 1}`,
      lines: ['Read this text aloud, record it and send it from the plan page.', '', ...lines],
    },
  ]);
}
