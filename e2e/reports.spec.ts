import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type SignIn = { email: string; password: string; permissions: string };
/** The demo event e2e/start-server.mjs seeded for this journey (`seed --demo`), with its sign-ins. */
const demo = (): { eventId: string; signIns: SignIn[] } =>
  JSON.parse(readFileSync('.tmp/e2e-reports.json', 'utf8'));

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('button', { name: 'Generate Report' }).click();
}

async function downloadCsv(page: Page, button = 'Export'): Promise<string[][]> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV (.csv)' }).click(),
  ]);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\ufeff')).toBe(true);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
}

test('a report viewer reads the overview, the risk, team, login and task reports, filters and exports', async ({
  page,
}) => {
  const viewer = demo().signIns.find((s) => s.permissions === 'reportViewer');
  if (!viewer) throw new Error('the demo has no report viewer');
  await signIn(page, viewer.email, viewer.password);

  // The admin hub offers a Report Viewer the Reports card (and nothing above their level).
  await page.goto('/admin');
  const reporting = page.getByRole('region', { name: 'Reporting' });
  await reporting.getByRole('link', { name: /Reports/ }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const riskChart = page.getByRole('region', { name: 'Teams by risk level' });
  // Every level has teams in the demo; the chart is a table screen readers can read.
  for (const level of ['Low', 'Medium', 'High', 'Critical']) {
    const row = riskChart.getByRole('row', { name: new RegExp(`^${level}`) });
    await expect(row.getByRole('cell').nth(1)).not.toHaveText('0');
  }
  await expect(page.getByRole('region', { name: 'Teams by login activity' })).toBeVisible();
  await expectAccessible(page, 'reports overview');
  // The user report is a report too (spec: every report needs reportViewer).
  const users = await downloadCsv(page, 'Export user report');
  expect(users[0].slice(0, 5)).toEqual([
    'Team Name',
    'Team Status',
    'First Name',
    'Surname',
    'Has Logged In',
  ]);
  expect(users.length).toBeGreaterThan(40);

  // The chart's Critical row opens the risk report filtered to that level.
  await riskChart.getByRole('link', { name: 'Critical' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/risk\?level=critical/);
  const riskTable = page.getByRole('table', { name: 'Risk report' });
  await expect(riskTable.getByRole('row')).not.toHaveCount(1);
  await expect(riskTable.getByText('never logged in').first()).toBeVisible();
  await expectAccessible(page, 'risk report');

  // A filter, then Generate Report; the export holds what the screen shows.
  await chooseFilter(page, 'Risk level', 'Low');
  await expect(page).toHaveURL(/level=low/);
  await expect(riskTable.getByText('Critical', { exact: true })).toHaveCount(0);
  await expect(riskTable.getByText('Low', { exact: true }).first()).toBeVisible();
  const lowRows = await riskTable.getByRole('row').count();
  const csv = await downloadCsv(page);
  expect(csv[0]).toEqual(['Team Name', 'Team Type', 'Risk Level', 'Risk Score', 'Risk %', 'Reasons']);
  expect(csv.length).toBe(lowRows);
  expect(csv.slice(1).every((row) => row[2] === 'Low')).toBe(true);

  // One team: its score explained, its members' logins and its tasks.
  const firstTeam = riskTable.getByRole('row').nth(1).getByRole('link');
  const teamName = (await firstTeam.textContent()) ?? '';
  await firstTeam.click();
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Risk score' })).toContainText('Low');
  await expect(page.getByRole('table', { name: 'Members and their logins' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tasks of this team' })).toBeVisible();
  await expectAccessible(page, 'team report');
  // Its file: the team's line first, then a line per member, task and form.
  const teamCsv = await downloadCsv(page);
  expect(teamCsv[0]).toEqual(['Section', 'Name', 'Status', 'Due Date', 'Date', 'By', 'Detail']);
  expect(teamCsv[1].slice(0, 3)).toEqual(['Team', teamName, expect.stringMatching(/^Low risk \(/)]);
  const taskLines = await page.getByRole('table', { name: 'Tasks of this team' }).getByRole('row').count();
  expect(teamCsv.filter((row) => row[0] === 'Task')).toHaveLength(taskLines - 1);
  expect(teamCsv.some((row) => row[0] === 'Member')).toBe(true);

  // The team report, highest risk first, sorted by name on a click.
  await page.goto('/admin/reports/teams');
  const teams = page.getByRole('table', { name: 'Team report' });
  await expect(teams.getByRole('row').nth(1)).toContainText('Critical');
  await teams.getByRole('button', { name: /^Team/ }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expectAccessible(page, 'team report list');

  // Login activity: teams that never logged in show it.
  await page.goto('/admin/reports/logins');
  await chooseFilter(page, 'Login activity', 'Inactive');
  const logins = page.getByRole('table', { name: 'Login activity' });
  await expect(logins.getByText('Never').first()).toBeVisible();
  await expectAccessible(page, 'login report');

  // The task report: overdue tasks across teams, then one task's teams.
  await page.goto('/admin/reports/tasks');
  await chooseFilter(page, 'Due status', 'Overdue');
  const tasks = page.getByRole('table', { name: 'Task report' });
  await expect(tasks.getByText('Overdue').first()).toBeVisible();
  await expectAccessible(page, 'task report');
  const taskLink = tasks.getByRole('row').nth(1).getByRole('link');
  const taskTitle = (await taskLink.textContent()) ?? '';
  // Task id (spec filter): only a whole id is sent; that id leaves the one task's line.
  const taskId = (await taskLink.getAttribute('href'))?.split('/').pop() ?? '';
  const taskIdBox = page.getByRole('textbox', { name: 'Task id' });
  await taskIdBox.fill('not-an-id');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText("Enter a whole task id, as in the task's address")).toBeVisible();
  await expect(page).not.toHaveURL(/taskId=/);
  await taskIdBox.fill(taskId);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page).toHaveURL(new RegExp(`taskId=${taskId}`));
  await expect(tasks.getByRole('row')).toHaveCount(2);
  await expect(tasks.getByRole('row').nth(1)).toContainText(taskTitle);
  await expectAccessible(page, 'task report by task id');
  await taskLink.click();
  await expect(page.getByRole('heading', { level: 1, name: taskTitle })).toBeVisible();
  const taskTeams = page.getByRole('table', { name: 'Teams of this task' });
  await expect(taskTeams.getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page, 'one task report');
  // User action status (spec filter): in the URL, and the table follows it.
  await chooseFilter(page, 'User action status', 'Approved');
  await expect(page).toHaveURL(/actionStatus=approved/);
  await expect(
    page.getByText('No teams match these filters.').or(taskTeams.getByText('Approved').first()),
  ).toBeVisible();
  await expectAccessible(page, 'one task report by user action status');
  await page.getByRole('combobox', { name: 'User action status', exact: true }).click();
  await page.getByRole('option', { name: 'Approved', exact: true }).click();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page).not.toHaveURL(/actionStatus=/);
  // Its file, filtered like the screen: the overdue teams, under the task screen's labels.
  await chooseFilter(page, 'Status', 'Overdue');
  await expect(page).toHaveURL(/status=overdue/);
  await expect(taskTeams.getByText('Complete', { exact: true })).toHaveCount(0);
  const overdueTeams = await taskTeams.getByRole('row').count();
  const taskCsv = await downloadCsv(page);
  expect(taskCsv[0]).toEqual([
    'Team Name',
    'Status',
    'Approval',
    'Assigned To',
    'Completed or Changed By',
    'When',
  ]);
  expect(taskCsv.length).toBe(overdueTeams);
  expect(taskCsv.slice(1).every((row) => row[1] === 'Overdue')).toBe(true);

  // Forms: the overview's chart links to the form report; only submitted forms count.
  await page.goto('/admin/reports');
  const formsChart = page.getByRole('region', { name: 'Submissions per form' });
  await expect(formsChart.getByRole('row')).not.toHaveCount(1);
  await formsChart.getByRole('link', { name: 'Form report' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/forms$/);
  const formsTable = page.getByRole('table', { name: 'Form report' });
  await expect(formsTable.getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page, 'form report');
  const formRows = await formsTable.getByRole('row').count();
  const formsCsv = await downloadCsv(page);
  expect(formsCsv[0].slice(0, 6)).toEqual(['Form', 'Public', 'Teams', 'Submitted', 'Draft', 'Not Started']);
  expect(formsCsv.length).toBe(formRows);
  // The demo has forms that teams submitted and forms with drafts left open.
  const submittedForm = formsCsv.slice(1).find((row) => Number(row[3]) > 0 && Number(row[4]) > 0);
  if (!submittedForm) throw new Error('no demo form has both submissions and drafts');
  const [formTitle, , , submittedTeams] = submittedForm;

  // One form: its teams by state, its submissions under report labels, and the same in the file.
  const formLink = formsTable.getByRole('link', { name: formTitle, exact: true });
  await formLink.click();
  await expect(page.getByRole('heading', { level: 1, name: formTitle })).toBeVisible();
  const states = page.getByRole('region', { name: 'Teams by state' });
  await expect(
    states
      .getByRole('row', { name: /^Submitted/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(submittedTeams ?? 'missing');
  const submissions = page.getByRole('table', { name: 'Submissions of this form' });
  await expect(submissions.getByRole('row')).not.toHaveCount(1);
  await expect(submissions.getByRole('columnheader', { name: /^1\. / })).toBeVisible();
  await expectAccessible(page, 'one form report');
  const submissionRows = await submissions.getByRole('row').count();
  const formCsv = await downloadCsv(page);
  expect(formCsv[0].slice(0, 4)).toEqual(['Team', 'Guest', 'Submitted By', 'Submitted']);
  expect(formCsv[0][4]).toMatch(/^1\. /);
  expect(formCsv.length).toBe(submissionRows);
});
