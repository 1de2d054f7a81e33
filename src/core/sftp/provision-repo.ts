/**
 * What the user pushes (spec §4.4 step 6): a repository with the `mise.toml` whose `run` task starts the server,
 * and the exact git commands. No secret is in it: the variables are set on the application through the API.
 */
import { KeyholeError } from '../errors.ts';
import { quoteShellWord } from '../shell/shell-quote.ts';
import { gitRemoteProblem } from './connect-command.ts';
import { buildMiseToml } from './deploy-config.ts';
import type { ProvisionChoices } from './provision-plan.ts';

export function repositoryFiles(choices: Pick<ProvisionChoices, 'appName'>): { name: string; text: string }[] {
  return [
    { name: 'mise.toml', text: buildMiseToml({ appName: choices.appName, sftpgoVersion: 'latest' }) },
    { name: '.gitignore', text: '# Never commit variables: the kit set them on the application.\nsftpgo.env\n*.env\n' },
    {
      name: 'README.md',
      text: [
        `# ${choices.appName}`,
        '',
        'SFTPGo on the platform’s Linux runtime, provisioned by the Keyhole SFTP kit.',
        'The platform runs the `run` task of `mise.toml` at each start (unless `CC_RUN_COMMAND` is set).',
        'The server’s configuration, host key and database are in the application’s variables, not here.',
        '',
      ].join('\n'),
    },
  ];
}

export function repositoryZipName(choices: Pick<ProvisionChoices, 'appName'>): string {
  return `${choices.appName}.zip`;
}

/**
 * The commands to push the repository. The git URL comes from the API (`deployment.url`): it is printed only
 * when it is an https or ssh address on a real host name, quoted; without one, the line is a comment.
 */
export function pushCommands(choices: Pick<ProvisionChoices, 'appName'>, gitUrl: string | undefined): string {
  const problem = gitUrl === undefined ? undefined : gitRemoteProblem(gitUrl);
  if (problem) throw new KeyholeError('invalid-input', problem);
  const dir = quoteShellWord(choices.appName, 'The application name');
  return [
    `unzip ${quoteShellWord(repositoryZipName(choices))} -d ${dir} && cd ${dir}`,
    'git init -b master',
    'git add mise.toml .gitignore README.md',
    'git commit -m "SFTPGo, run task from the Keyhole SFTP kit"',
    gitUrl === undefined
      ? '# git remote add clever <the application’s git URL, once the API gives it>'
      : `git remote add clever ${quoteShellWord(gitUrl, 'The git URL')}`,
    'git push clever master',
  ].join('\n');
}
