
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'locadm' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'locadm'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'locadm' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('location', 'location', [CompletionResultType]::ParameterValue, 'Create, read, update, delete, validate and bulk-apply locations')
            [CompletionResult]::new('provider', 'provider', [CompletionResultType]::ParameterValue, 'Update location providers and validate provider bodies')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in (client credentials, or as yourself with --web or --device) and keep the token in the OS keyring')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove the profile''s token and client secret from the OS keyring')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Show the login state, or print the bearer token')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Show the effective settings and where each came from, or set one in the profile')
            [CompletionResult]::new('emulator', 'emulator', [CompletionResultType]::ParameterValue, 'Run the local emulator of the location service')
            [CompletionResult]::new('smoke', 'smoke', [CompletionResultType]::ParameterValue, 'Check a deployment end to end: create, read, update, delete a temporary location')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version (as `--version` does)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;location' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a location from a file or from field flags')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Read one location, or export many as NDJSON')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Replace a location with a complete body from a file or from field flags')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete one location or many')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check location bodies offline: nothing is sent')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;location;create' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The request body as JSON (the spec''s camelCase names); `-` reads standard input')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The request body as JSON (the spec''s camelCase names); `-` reads standard input')
            [CompletionResult]::new('--store-id', '--store-id', [CompletionResultType]::ParameterName, 'storeId (at most 36 characters)')
            [CompletionResult]::new('--store-name', '--store-name', [CompletionResultType]::ParameterName, 'storeName (at most 128 characters)')
            [CompletionResult]::new('--supplementary-name', '--supplementary-name', [CompletionResultType]::ParameterName, 'supplementaryName (at most 128 characters)')
            [CompletionResult]::new('--street', '--street', [CompletionResultType]::ParameterName, 'structuredAddress.street (structured form; at most 256 characters)')
            [CompletionResult]::new('--building-name', '--building-name', [CompletionResultType]::ParameterName, 'structuredAddress.buildingName (structured form; at most 64)')
            [CompletionResult]::new('--house-number', '--house-number', [CompletionResultType]::ParameterName, 'structuredAddress.houseNumber (structured form; at most 64)')
            [CompletionResult]::new('--district', '--district', [CompletionResultType]::ParameterName, 'structuredAddress.district (structured form; at most 64)')
            [CompletionResult]::new('--province', '--province', [CompletionResultType]::ParameterName, 'structuredAddress.province (structured form; at most 64)')
            [CompletionResult]::new('--address', '--address', [CompletionResultType]::ParameterName, 'address, the legacy one-line address (legacy form; at most 256)')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'city (either form; at most 64)')
            [CompletionResult]::new('--post-code', '--post-code', [CompletionResultType]::ParameterName, 'postCode (either form; at most 16)')
            [CompletionResult]::new('--country-code', '--country-code', [CompletionResultType]::ParameterName, 'countryCode: 2 letters, 3 letters or 3 digits (either form)')
            [CompletionResult]::new('--latitude', '--latitude', [CompletionResultType]::ParameterName, 'latitude, -90 to 90, at most 8 decimals')
            [CompletionResult]::new('--longitude', '--longitude', [CompletionResultType]::ParameterName, 'longitude, -180 to 180, at most 8 decimals')
            [CompletionResult]::new('--provider-id', '--provider-id', [CompletionResultType]::ParameterName, 'locationProvider.id (a UUID)')
            [CompletionResult]::new('--telephone', '--telephone', [CompletionResultType]::ParameterName, 'telephoneNumber (at most 16)')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'email (at most 127; local and domain part at most 63 each)')
            [CompletionResult]::new('--logo-url', '--logo-url', [CompletionResultType]::ParameterName, 'logoUrl, an absolute URL (at most 128)')
            [CompletionResult]::new('--photo-url', '--photo-url', [CompletionResultType]::ParameterName, 'A photo URL; repeat for several, or give them comma-separated (512 in all)')
            [CompletionResult]::new('--disabled-access', '--disabled-access', [CompletionResultType]::ParameterName, 'hasDisabledAccess')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'description (at most 512)')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'A tag; repeat for several')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Ask for each field at the terminal, then show the body before sending')
            [CompletionResult]::new('--interactive', '--interactive', [CompletionResultType]::ParameterName, 'Ask for each field at the terminal, then show the body before sending')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;location;get' {
            [CompletionResult]::new('--ids-from', '--ids-from', [CompletionResultType]::ParameterName, 'Read the ids from a file (`-`: standard input): one a line, or JSON lines with an `id` (what `apply` prints, a journal, an export)')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at once, each on an HTTP/1.1 connection of its own')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('--ignore-not-found', '--ignore-not-found', [CompletionResultType]::ParameterName, 'A location that does not exist is not a failure')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;location;update' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The request body as JSON (the spec''s camelCase names); `-` reads standard input')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The request body as JSON (the spec''s camelCase names); `-` reads standard input')
            [CompletionResult]::new('--store-id', '--store-id', [CompletionResultType]::ParameterName, 'storeId (at most 36 characters)')
            [CompletionResult]::new('--store-name', '--store-name', [CompletionResultType]::ParameterName, 'storeName (at most 128 characters)')
            [CompletionResult]::new('--supplementary-name', '--supplementary-name', [CompletionResultType]::ParameterName, 'supplementaryName (at most 128 characters)')
            [CompletionResult]::new('--street', '--street', [CompletionResultType]::ParameterName, 'structuredAddress.street (structured form; at most 256 characters)')
            [CompletionResult]::new('--building-name', '--building-name', [CompletionResultType]::ParameterName, 'structuredAddress.buildingName (structured form; at most 64)')
            [CompletionResult]::new('--house-number', '--house-number', [CompletionResultType]::ParameterName, 'structuredAddress.houseNumber (structured form; at most 64)')
            [CompletionResult]::new('--district', '--district', [CompletionResultType]::ParameterName, 'structuredAddress.district (structured form; at most 64)')
            [CompletionResult]::new('--province', '--province', [CompletionResultType]::ParameterName, 'structuredAddress.province (structured form; at most 64)')
            [CompletionResult]::new('--address', '--address', [CompletionResultType]::ParameterName, 'address, the legacy one-line address (legacy form; at most 256)')
            [CompletionResult]::new('--city', '--city', [CompletionResultType]::ParameterName, 'city (either form; at most 64)')
            [CompletionResult]::new('--post-code', '--post-code', [CompletionResultType]::ParameterName, 'postCode (either form; at most 16)')
            [CompletionResult]::new('--country-code', '--country-code', [CompletionResultType]::ParameterName, 'countryCode: 2 letters, 3 letters or 3 digits (either form)')
            [CompletionResult]::new('--latitude', '--latitude', [CompletionResultType]::ParameterName, 'latitude, -90 to 90, at most 8 decimals')
            [CompletionResult]::new('--longitude', '--longitude', [CompletionResultType]::ParameterName, 'longitude, -180 to 180, at most 8 decimals')
            [CompletionResult]::new('--provider-id', '--provider-id', [CompletionResultType]::ParameterName, 'locationProvider.id (a UUID)')
            [CompletionResult]::new('--telephone', '--telephone', [CompletionResultType]::ParameterName, 'telephoneNumber (at most 16)')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'email (at most 127; local and domain part at most 63 each)')
            [CompletionResult]::new('--logo-url', '--logo-url', [CompletionResultType]::ParameterName, 'logoUrl, an absolute URL (at most 128)')
            [CompletionResult]::new('--photo-url', '--photo-url', [CompletionResultType]::ParameterName, 'A photo URL; repeat for several, or give them comma-separated (512 in all)')
            [CompletionResult]::new('--disabled-access', '--disabled-access', [CompletionResultType]::ParameterName, 'hasDisabledAccess')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'description (at most 512)')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'A tag; repeat for several')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Ask for each field at the terminal, then show the body before sending')
            [CompletionResult]::new('--interactive', '--interactive', [CompletionResultType]::ParameterName, 'Ask for each field at the terminal, then show the body before sending')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Send even when the read form cannot carry some fields (they are named first)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Send even when the read form cannot carry some fields (they are named first)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;location;delete' {
            [CompletionResult]::new('--ids-from', '--ids-from', [CompletionResultType]::ParameterName, 'Read the ids from a file (`-`: standard input): one a line, or JSON lines with an `id` (what `apply` prints, a journal, an export)')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at once, each on an HTTP/1.1 connection of its own')
            [CompletionResult]::new('--journal', '--journal', [CompletionResultType]::ParameterName, 'Record each deletion and the location''s last state here (`apply --undo` reads it)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('--ignore-not-found', '--ignore-not-found', [CompletionResultType]::ParameterName, 'A location that does not exist is not a failure')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required without a terminal)')
            [CompletionResult]::new('--plan', '--plan', [CompletionResultType]::ParameterName, 'Read every location and show what would be deleted; delete nothing')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;location;validate' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input file; `-` or nothing reads standard input')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Input file; `-` or nothing reads standard input')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format [default: from the file name''s extension, else told from the content]')
            [CompletionResult]::new('--delimiter', '--delimiter', [CompletionResultType]::ParameterName, 'The delimiter [default: told from the header row: `,`, `;` or tab]')
            [CompletionResult]::new('--ignore-column', '--ignore-column', [CompletionResultType]::ParameterName, 'Skip this column (repeatable): a spreadsheet''s notes, say')
            [CompletionResult]::new('--max-record-size', '--max-record-size', [CompletionResultType]::ParameterName, 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Treat warnings (such as an unassigned country code) as errors')
            [CompletionResult]::new('--replace', '--replace', [CompletionResultType]::ParameterName, 'Records with an `id` are complete bodies, as `apply --replace` takes them')
            [CompletionResult]::new('--decimal-comma', '--decimal-comma', [CompletionResultType]::ParameterName, 'Numbers are written with a decimal comma (`52,52`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;location;apply' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input file; `-` reads standard input')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Input file; `-` reads standard input')
            [CompletionResult]::new('--undo', '--undo', [CompletionResultType]::ParameterName, 'Put back what the run of this journal did: delete what it created, restore what it changed, re-create what it deleted (new ids are reported)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Input format [default: from the file name''s extension, else told from the content]')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight at once, each on an HTTP/1.1 connection of its own')
            [CompletionResult]::new('--journal', '--journal', [CompletionResultType]::ParameterName, 'Append each finished record here; a re-run with the same journal skips what is done')
            [CompletionResult]::new('--only-failed', '--only-failed', [CompletionResultType]::ParameterName, 'Skip what an earlier run did (its results or journal): creates matched by storeId, changes by id; re-run a fixed file without sending anything twice')
            [CompletionResult]::new('--attempts', '--attempts', [CompletionResultType]::ParameterName, 'Attempts per record for retryable failures (429, 502, 503, 504, refused connection)')
            [CompletionResult]::new('--delimiter', '--delimiter', [CompletionResultType]::ParameterName, 'The delimiter [default: told from the header row: `,`, `;` or tab]')
            [CompletionResult]::new('--ignore-column', '--ignore-column', [CompletionResultType]::ParameterName, 'Skip this column (repeatable): a spreadsheet''s notes, say')
            [CompletionResult]::new('--max-record-size', '--max-record-size', [CompletionResultType]::ParameterName, 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('--plan', '--plan', [CompletionResultType]::ParameterName, 'Read the current state of every record with an id and print the changes; write nothing')
            [CompletionResult]::new('--replace', '--replace', [CompletionResultType]::ParameterName, 'Records with an `id` are complete bodies: every field they leave out is cleared')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Send even when the service''s read form cannot carry some fields (named first)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Send even when the service''s read form cannot carry some fields (named first)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Validate and print what would be sent; send nothing')
            [CompletionResult]::new('--skip-invalid', '--skip-invalid', [CompletionResultType]::ParameterName, 'Send the valid records even when some are invalid (each invalid one is reported)')
            [CompletionResult]::new('--retry-unknown', '--retry-unknown', [CompletionResultType]::ParameterName, 'Send again the creates whose outcome an earlier run records as unknown (may duplicate)')
            [CompletionResult]::new('--retry-unconfirmed', '--retry-unconfirmed', [CompletionResultType]::ParameterName, 'Send again the creates an earlier run saw answered without an id (may duplicate)')
            [CompletionResult]::new('--decimal-comma', '--decimal-comma', [CompletionResultType]::ParameterName, 'Numbers are written with a decimal comma (`52,52`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;location;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a location from a file or from field flags')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Read one location, or export many as NDJSON')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Replace a location with a complete body from a file or from field flags')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete one location or many')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check location bodies offline: nothing is sent')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;location;help;create' {
            break
        }
        'locadm;location;help;get' {
            break
        }
        'locadm;location;help;update' {
            break
        }
        'locadm;location;help;delete' {
            break
        }
        'locadm;location;help;validate' {
            break
        }
        'locadm;location;help;apply' {
            break
        }
        'locadm;location;help;help' {
            break
        }
        'locadm;provider' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Update a location provider from a file or from flags')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check provider bodies offline: nothing is sent')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;provider;update' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The request body as JSON; `-` reads standard input')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The request body as JSON; `-` reads standard input')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'name (at most 128 characters)')
            [CompletionResult]::new('--archiving-period', '--archiving-period', [CompletionResultType]::ParameterName, 'archivingPeriod, an integer from 1 to 30')
            [CompletionResult]::new('--details', '--details', [CompletionResultType]::ParameterName, 'details: JSON text (an object or array), sent as a string')
            [CompletionResult]::new('--endpoint', '--endpoint', [CompletionResultType]::ParameterName, 'locationsSource.endpoint: marks the provider remote (an http(s) URL, at most 256)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;provider;validate' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input file; `-` or nothing reads standard input')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Input file; `-` or nothing reads standard input')
            [CompletionResult]::new('--max-record-size', '--max-record-size', [CompletionResultType]::ParameterName, 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Treat warnings as errors')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;provider;help' {
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Update a location provider from a file or from flags')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check provider bodies offline: nothing is sent')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;provider;help;update' {
            break
        }
        'locadm;provider;help;validate' {
            break
        }
        'locadm;provider;help;help' {
            break
        }
        'locadm;login' {
            [CompletionResult]::new('--client-id', '--client-id', [CompletionResultType]::ParameterName, 'OAuth 2.0 client id (or LOCADM_CLIENT_ID)')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'A scope to request; repeat for several (sent only when given)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('--client-secret-stdin', '--client-secret-stdin', [CompletionResultType]::ParameterName, 'Read the client secret from standard input (or set LOCADM_CLIENT_SECRET)')
            [CompletionResult]::new('--web', '--web', [CompletionResultType]::ParameterName, 'Log in as yourself in a browser (authorization code with PKCE; needs `--issuer`)')
            [CompletionResult]::new('--device', '--device', [CompletionResultType]::ParameterName, 'Log in as yourself with a code entered on another device (needs `--issuer`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;logout' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;auth' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, client, keyring backend, token expiry and granted permissions')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the bearer token, for pipelines')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;auth;status' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;auth;token' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;auth;help' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, client, keyring backend, token expiry and granted permissions')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the bearer token, for pipelines')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;auth;help;status' {
            break
        }
        'locadm;auth;help;token' {
            break
        }
        'locadm;auth;help;help' {
            break
        }
        'locadm;config' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the effective settings and where each came from')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a setting in the profile (secrets are never stored here)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one effective setting''s value (exit 1 when it is not set)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting from the profile')
            [CompletionResult]::new('profiles', 'profiles', [CompletionResultType]::ParameterValue, 'List the profiles of the config file, the one in use marked')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;config;show' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;config;set' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;config;get' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;config;unset' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;config;profiles' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;config;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the effective settings and where each came from')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a setting in the profile (secrets are never stored here)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one effective setting''s value (exit 1 when it is not set)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting from the profile')
            [CompletionResult]::new('profiles', 'profiles', [CompletionResultType]::ParameterValue, 'List the profiles of the config file, the one in use marked')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;config;help;show' {
            break
        }
        'locadm;config;help;set' {
            break
        }
        'locadm;config;help;get' {
            break
        }
        'locadm;config;help;unset' {
            break
        }
        'locadm;config;help;profiles' {
            break
        }
        'locadm;config;help;help' {
            break
        }
        'locadm;emulator' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the emulator until SIGINT or SIGTERM')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;emulator;serve' {
            [CompletionResult]::new('--addr', '--addr', [CompletionResultType]::ParameterName, 'Address to listen on; port 0 picks a free port')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'SQLite database file; in memory when not given')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'An extra client, `ID:SECRET:perm,perm` (repeatable); the secret is only for tests')
            [CompletionResult]::new('--provider', '--provider', [CompletionResultType]::ParameterName, 'An extra provider, `UUID:NAME` (repeatable)')
            [CompletionResult]::new('--token-lifetime', '--token-lifetime', [CompletionResultType]::ParameterName, 'Token lifetime in seconds')
            [CompletionResult]::new('--fail-rate', '--fail-rate', [CompletionResultType]::ParameterName, 'Fraction of requests answered with 500')
            [CompletionResult]::new('--throttle-rate', '--throttle-rate', [CompletionResultType]::ParameterName, 'Fraction of requests answered with 429 and `Retry-After`')
            [CompletionResult]::new('--drop-rate', '--drop-rate', [CompletionResultType]::ParameterName, 'Fraction of requests whose connection is dropped without an answer')
            [CompletionResult]::new('--latency-ms', '--latency-ms', [CompletionResultType]::ParameterName, 'Latency added to every request, in milliseconds')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed for the fault injection, so a run can be repeated')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('--faults-on-token', '--faults-on-token', [CompletionResultType]::ParameterName, 'Apply the faults to the token endpoint as well')
            [CompletionResult]::new('--spec-read-form', '--spec-read-form', [CompletionResultType]::ParameterName, 'Read only the fields of the spec''s read table (no `structuredAddress`, `email`, ...)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;emulator;help' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the emulator until SIGINT or SIGTERM')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;emulator;help;serve' {
            break
        }
        'locadm;emulator;help;help' {
            break
        }
        'locadm;smoke' {
            [CompletionResult]::new('--provider', '--provider', [CompletionResultType]::ParameterName, 'The location provider the temporary location is created under')
            [CompletionResult]::new('--location', '--location', [CompletionResultType]::ParameterName, 'The location to read with `--read-only`')
            [CompletionResult]::new('--junit', '--junit', [CompletionResultType]::ParameterName, 'Write a JUnit XML report here')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('--read-only', '--read-only', [CompletionResultType]::ParameterName, 'For production: get a token and read one location, change nothing')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;completions' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;version' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile from the config file (`default` when unset; `local` is the built-in emulator)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file [default: the OS config directory''s `locadm/config.toml`]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The service''s base URL')
            [CompletionResult]::new('--token-url', '--token-url', [CompletionResultType]::ParameterName, 'OAuth 2.0 token endpoint')
            [CompletionResult]::new('--issuer', '--issuer', [CompletionResultType]::ParameterName, 'OpenID provider: the endpoints come from its discovery document')
            [CompletionResult]::new('--federated-token-file', '--federated-token-file', [CompletionResultType]::ParameterName, 'A workload identity token (CI) to exchange for an access token, read afresh each time')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'Filter JSON output with a jq expression (built in; no external jq needed)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Per-request timeout in seconds')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only identifiers, one per line')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show the HTTP exchange on stderr (secrets redacted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'locadm;help' {
            [CompletionResult]::new('location', 'location', [CompletionResultType]::ParameterValue, 'Create, read, update, delete, validate and bulk-apply locations')
            [CompletionResult]::new('provider', 'provider', [CompletionResultType]::ParameterValue, 'Update location providers and validate provider bodies')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in (client credentials, or as yourself with --web or --device) and keep the token in the OS keyring')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove the profile''s token and client secret from the OS keyring')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Show the login state, or print the bearer token')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Show the effective settings and where each came from, or set one in the profile')
            [CompletionResult]::new('emulator', 'emulator', [CompletionResultType]::ParameterValue, 'Run the local emulator of the location service')
            [CompletionResult]::new('smoke', 'smoke', [CompletionResultType]::ParameterValue, 'Check a deployment end to end: create, read, update, delete a temporary location')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version (as `--version` does)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'locadm;help;location' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a location from a file or from field flags')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Read one location, or export many as NDJSON')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Replace a location with a complete body from a file or from field flags')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete one location or many')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check location bodies offline: nothing is sent')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV')
            break
        }
        'locadm;help;location;create' {
            break
        }
        'locadm;help;location;get' {
            break
        }
        'locadm;help;location;update' {
            break
        }
        'locadm;help;location;delete' {
            break
        }
        'locadm;help;location;validate' {
            break
        }
        'locadm;help;location;apply' {
            break
        }
        'locadm;help;provider' {
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Update a location provider from a file or from flags')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check provider bodies offline: nothing is sent')
            break
        }
        'locadm;help;provider;update' {
            break
        }
        'locadm;help;provider;validate' {
            break
        }
        'locadm;help;login' {
            break
        }
        'locadm;help;logout' {
            break
        }
        'locadm;help;auth' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, client, keyring backend, token expiry and granted permissions')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the bearer token, for pipelines')
            break
        }
        'locadm;help;auth;status' {
            break
        }
        'locadm;help;auth;token' {
            break
        }
        'locadm;help;config' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the effective settings and where each came from')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a setting in the profile (secrets are never stored here)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one effective setting''s value (exit 1 when it is not set)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting from the profile')
            [CompletionResult]::new('profiles', 'profiles', [CompletionResultType]::ParameterValue, 'List the profiles of the config file, the one in use marked')
            break
        }
        'locadm;help;config;show' {
            break
        }
        'locadm;help;config;set' {
            break
        }
        'locadm;help;config;get' {
            break
        }
        'locadm;help;config;unset' {
            break
        }
        'locadm;help;config;profiles' {
            break
        }
        'locadm;help;emulator' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the emulator until SIGINT or SIGTERM')
            break
        }
        'locadm;help;emulator;serve' {
            break
        }
        'locadm;help;smoke' {
            break
        }
        'locadm;help;completions' {
            break
        }
        'locadm;help;version' {
            break
        }
        'locadm;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
