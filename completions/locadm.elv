
use builtin;
use str;

set edit:completion:arg-completer[locadm] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'locadm'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'locadm'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand location 'Create, read, update, delete, validate and bulk-apply locations'
            cand provider 'Update location providers and validate provider bodies'
            cand login 'Log in (client credentials, or as yourself with --web or --device) and keep the token in the OS keyring'
            cand logout 'Remove the profile''s token and client secret from the OS keyring'
            cand auth 'Show the login state, or print the bearer token'
            cand config 'Show the effective settings and where each came from, or set one in the profile'
            cand emulator 'Run the local emulator of the location service'
            cand smoke 'Check a deployment end to end: create, read, update, delete a temporary location'
            cand completions 'Print a shell completion script'
            cand version 'Print the version (as `--version` does)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;location'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Create a location from a file or from field flags'
            cand get 'Read one location, or export many as NDJSON'
            cand update 'Replace a location with a complete body from a file or from field flags'
            cand delete 'Delete one location or many'
            cand validate 'Check location bodies offline: nothing is sent'
            cand apply 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;location;create'= {
            cand -f 'The request body as JSON (the spec''s camelCase names); `-` reads standard input'
            cand --file 'The request body as JSON (the spec''s camelCase names); `-` reads standard input'
            cand --store-id 'storeId (at most 36 characters)'
            cand --store-name 'storeName (at most 128 characters)'
            cand --supplementary-name 'supplementaryName (at most 128 characters)'
            cand --street 'structuredAddress.street (structured form; at most 256 characters)'
            cand --building-name 'structuredAddress.buildingName (structured form; at most 64)'
            cand --house-number 'structuredAddress.houseNumber (structured form; at most 64)'
            cand --district 'structuredAddress.district (structured form; at most 64)'
            cand --province 'structuredAddress.province (structured form; at most 64)'
            cand --address 'address, the legacy one-line address (legacy form; at most 256)'
            cand --city 'city (either form; at most 64)'
            cand --post-code 'postCode (either form; at most 16)'
            cand --country-code 'countryCode: 2 letters, 3 letters or 3 digits (either form)'
            cand --latitude 'latitude, -90 to 90, at most 8 decimals'
            cand --longitude 'longitude, -180 to 180, at most 8 decimals'
            cand --provider-id 'locationProvider.id (a UUID)'
            cand --telephone 'telephoneNumber (at most 16)'
            cand --email 'email (at most 127; local and domain part at most 63 each)'
            cand --logo-url 'logoUrl, an absolute URL (at most 128)'
            cand --photo-url 'A photo URL; repeat for several, or give them comma-separated (512 in all)'
            cand --disabled-access 'hasDisabledAccess'
            cand --description 'description (at most 512)'
            cand --tag 'A tag; repeat for several'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -i 'Ask for each field at the terminal, then show the body before sending'
            cand --interactive 'Ask for each field at the terminal, then show the body before sending'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;location;get'= {
            cand --ids-from 'Read the ids from a file (`-`: standard input): one a line, or JSON lines with an `id` (what `apply` prints, a journal, an export)'
            cand --concurrency 'Requests in flight at once, each on an HTTP/1.1 connection of its own'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand --ignore-not-found 'A location that does not exist is not a failure'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;location;update'= {
            cand -f 'The request body as JSON (the spec''s camelCase names); `-` reads standard input'
            cand --file 'The request body as JSON (the spec''s camelCase names); `-` reads standard input'
            cand --store-id 'storeId (at most 36 characters)'
            cand --store-name 'storeName (at most 128 characters)'
            cand --supplementary-name 'supplementaryName (at most 128 characters)'
            cand --street 'structuredAddress.street (structured form; at most 256 characters)'
            cand --building-name 'structuredAddress.buildingName (structured form; at most 64)'
            cand --house-number 'structuredAddress.houseNumber (structured form; at most 64)'
            cand --district 'structuredAddress.district (structured form; at most 64)'
            cand --province 'structuredAddress.province (structured form; at most 64)'
            cand --address 'address, the legacy one-line address (legacy form; at most 256)'
            cand --city 'city (either form; at most 64)'
            cand --post-code 'postCode (either form; at most 16)'
            cand --country-code 'countryCode: 2 letters, 3 letters or 3 digits (either form)'
            cand --latitude 'latitude, -90 to 90, at most 8 decimals'
            cand --longitude 'longitude, -180 to 180, at most 8 decimals'
            cand --provider-id 'locationProvider.id (a UUID)'
            cand --telephone 'telephoneNumber (at most 16)'
            cand --email 'email (at most 127; local and domain part at most 63 each)'
            cand --logo-url 'logoUrl, an absolute URL (at most 128)'
            cand --photo-url 'A photo URL; repeat for several, or give them comma-separated (512 in all)'
            cand --disabled-access 'hasDisabledAccess'
            cand --description 'description (at most 512)'
            cand --tag 'A tag; repeat for several'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -i 'Ask for each field at the terminal, then show the body before sending'
            cand --interactive 'Ask for each field at the terminal, then show the body before sending'
            cand -y 'Send even when the read form cannot carry some fields (they are named first)'
            cand --yes 'Send even when the read form cannot carry some fields (they are named first)'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;location;delete'= {
            cand --ids-from 'Read the ids from a file (`-`: standard input): one a line, or JSON lines with an `id` (what `apply` prints, a journal, an export)'
            cand --concurrency 'Requests in flight at once, each on an HTTP/1.1 connection of its own'
            cand --journal 'Record each deletion and the location''s last state here (`apply --undo` reads it)'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand --ignore-not-found 'A location that does not exist is not a failure'
            cand -y 'Do not ask for confirmation (required without a terminal)'
            cand --yes 'Do not ask for confirmation (required without a terminal)'
            cand --plan 'Read every location and show what would be deleted; delete nothing'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;location;validate'= {
            cand -f 'Input file; `-` or nothing reads standard input'
            cand --file 'Input file; `-` or nothing reads standard input'
            cand --format 'Input format [default: from the file name''s extension, else told from the content]'
            cand --delimiter 'The delimiter [default: told from the header row: `,`, `;` or tab]'
            cand --ignore-column 'Skip this column (repeatable): a spreadsheet''s notes, say'
            cand --max-record-size 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand --strict 'Treat warnings (such as an unassigned country code) as errors'
            cand --replace 'Records with an `id` are complete bodies, as `apply --replace` takes them'
            cand --decimal-comma 'Numbers are written with a decimal comma (`52,52`)'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;location;apply'= {
            cand -f 'Input file; `-` reads standard input'
            cand --file 'Input file; `-` reads standard input'
            cand --undo 'Put back what the run of this journal did: delete what it created, restore what it changed, re-create what it deleted (new ids are reported)'
            cand --format 'Input format [default: from the file name''s extension, else told from the content]'
            cand --concurrency 'Requests in flight at once, each on an HTTP/1.1 connection of its own'
            cand --journal 'Append each finished record here; a re-run with the same journal skips what is done'
            cand --only-failed 'Skip what an earlier run did (its results or journal): creates matched by storeId, changes by id; re-run a fixed file without sending anything twice'
            cand --attempts 'Attempts per record for retryable failures (429, 502, 503, 504, refused connection)'
            cand --delimiter 'The delimiter [default: told from the header row: `,`, `;` or tab]'
            cand --ignore-column 'Skip this column (repeatable): a spreadsheet''s notes, say'
            cand --max-record-size 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand --plan 'Read the current state of every record with an id and print the changes; write nothing'
            cand --replace 'Records with an `id` are complete bodies: every field they leave out is cleared'
            cand -y 'Send even when the service''s read form cannot carry some fields (named first)'
            cand --yes 'Send even when the service''s read form cannot carry some fields (named first)'
            cand --dry-run 'Validate and print what would be sent; send nothing'
            cand --skip-invalid 'Send the valid records even when some are invalid (each invalid one is reported)'
            cand --retry-unknown 'Send again the creates whose outcome an earlier run records as unknown (may duplicate)'
            cand --retry-unconfirmed 'Send again the creates an earlier run saw answered without an id (may duplicate)'
            cand --decimal-comma 'Numbers are written with a decimal comma (`52,52`)'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;location;help'= {
            cand create 'Create a location from a file or from field flags'
            cand get 'Read one location, or export many as NDJSON'
            cand update 'Replace a location with a complete body from a file or from field flags'
            cand delete 'Delete one location or many'
            cand validate 'Check location bodies offline: nothing is sent'
            cand apply 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;location;help;create'= {
        }
        &'locadm;location;help;get'= {
        }
        &'locadm;location;help;update'= {
        }
        &'locadm;location;help;delete'= {
        }
        &'locadm;location;help;validate'= {
        }
        &'locadm;location;help;apply'= {
        }
        &'locadm;location;help;help'= {
        }
        &'locadm;provider'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand update 'Update a location provider from a file or from flags'
            cand validate 'Check provider bodies offline: nothing is sent'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;provider;update'= {
            cand -f 'The request body as JSON; `-` reads standard input'
            cand --file 'The request body as JSON; `-` reads standard input'
            cand --name 'name (at most 128 characters)'
            cand --archiving-period 'archivingPeriod, an integer from 1 to 30'
            cand --details 'details: JSON text (an object or array), sent as a string'
            cand --endpoint 'locationsSource.endpoint: marks the provider remote (an http(s) URL, at most 256)'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;provider;validate'= {
            cand -f 'Input file; `-` or nothing reads standard input'
            cand --file 'Input file; `-` or nothing reads standard input'
            cand --max-record-size 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand --strict 'Treat warnings as errors'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;provider;help'= {
            cand update 'Update a location provider from a file or from flags'
            cand validate 'Check provider bodies offline: nothing is sent'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;provider;help;update'= {
        }
        &'locadm;provider;help;validate'= {
        }
        &'locadm;provider;help;help'= {
        }
        &'locadm;login'= {
            cand --client-id 'OAuth 2.0 client id (or LOCADM_CLIENT_ID)'
            cand --scope 'A scope to request; repeat for several (sent only when given)'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand --client-secret-stdin 'Read the client secret from standard input (or set LOCADM_CLIENT_SECRET)'
            cand --web 'Log in as yourself in a browser (authorization code with PKCE; needs `--issuer`)'
            cand --device 'Log in as yourself with a code entered on another device (needs `--issuer`)'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;logout'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;auth'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand status 'Show the profile, client, keyring backend, token expiry and granted permissions'
            cand token 'Print the bearer token, for pipelines'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;auth;status'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;auth;token'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;auth;help'= {
            cand status 'Show the profile, client, keyring backend, token expiry and granted permissions'
            cand token 'Print the bearer token, for pipelines'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;auth;help;status'= {
        }
        &'locadm;auth;help;token'= {
        }
        &'locadm;auth;help;help'= {
        }
        &'locadm;config'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand show 'Show the effective settings and where each came from'
            cand set 'Set a setting in the profile (secrets are never stored here)'
            cand get 'Print one effective setting''s value (exit 1 when it is not set)'
            cand unset 'Remove a setting from the profile'
            cand profiles 'List the profiles of the config file, the one in use marked'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;config;show'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;config;set'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;config;get'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;config;unset'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;config;profiles'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;config;help'= {
            cand show 'Show the effective settings and where each came from'
            cand set 'Set a setting in the profile (secrets are never stored here)'
            cand get 'Print one effective setting''s value (exit 1 when it is not set)'
            cand unset 'Remove a setting from the profile'
            cand profiles 'List the profiles of the config file, the one in use marked'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;config;help;show'= {
        }
        &'locadm;config;help;set'= {
        }
        &'locadm;config;help;get'= {
        }
        &'locadm;config;help;unset'= {
        }
        &'locadm;config;help;profiles'= {
        }
        &'locadm;config;help;help'= {
        }
        &'locadm;emulator'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand serve 'Serve the emulator until SIGINT or SIGTERM'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;emulator;serve'= {
            cand --addr 'Address to listen on; port 0 picks a free port'
            cand --db 'SQLite database file; in memory when not given'
            cand --client 'An extra client, `ID:SECRET:perm,perm` (repeatable); the secret is only for tests'
            cand --provider 'An extra provider, `UUID:NAME` (repeatable)'
            cand --token-lifetime 'Token lifetime in seconds'
            cand --fail-rate 'Fraction of requests answered with 500'
            cand --throttle-rate 'Fraction of requests answered with 429 and `Retry-After`'
            cand --drop-rate 'Fraction of requests whose connection is dropped without an answer'
            cand --latency-ms 'Latency added to every request, in milliseconds'
            cand --seed 'Seed for the fault injection, so a run can be repeated'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand --faults-on-token 'Apply the faults to the token endpoint as well'
            cand --spec-read-form 'Read only the fields of the spec''s read table (no `structuredAddress`, `email`, ...)'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;emulator;help'= {
            cand serve 'Serve the emulator until SIGINT or SIGTERM'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;emulator;help;serve'= {
        }
        &'locadm;emulator;help;help'= {
        }
        &'locadm;smoke'= {
            cand --provider 'The location provider the temporary location is created under'
            cand --location 'The location to read with `--read-only`'
            cand --junit 'Write a JUnit XML report here'
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand --read-only 'For production: get a token and read one location, change nothing'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;completions'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;version'= {
            cand --profile 'Profile from the config file (`default` when unset; `local` is the built-in emulator)'
            cand --config 'Config file [default: the OS config directory''s `locadm/config.toml`]'
            cand --base-url 'The service''s base URL'
            cand --token-url 'OAuth 2.0 token endpoint'
            cand --issuer 'OpenID provider: the endpoints come from its discovery document'
            cand --federated-token-file 'A workload identity token (CI) to exchange for an access token, read afresh each time'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --jq 'Filter JSON output with a jq expression (built in; no external jq needed)'
            cand --timeout 'Per-request timeout in seconds'
            cand -q 'Print only identifiers, one per line'
            cand --quiet 'Print only identifiers, one per line'
            cand -v 'Show the HTTP exchange on stderr (secrets redacted)'
            cand --verbose 'Show the HTTP exchange on stderr (secrets redacted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'locadm;help'= {
            cand location 'Create, read, update, delete, validate and bulk-apply locations'
            cand provider 'Update location providers and validate provider bodies'
            cand login 'Log in (client credentials, or as yourself with --web or --device) and keep the token in the OS keyring'
            cand logout 'Remove the profile''s token and client secret from the OS keyring'
            cand auth 'Show the login state, or print the bearer token'
            cand config 'Show the effective settings and where each came from, or set one in the profile'
            cand emulator 'Run the local emulator of the location service'
            cand smoke 'Check a deployment end to end: create, read, update, delete a temporary location'
            cand completions 'Print a shell completion script'
            cand version 'Print the version (as `--version` does)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'locadm;help;location'= {
            cand create 'Create a location from a file or from field flags'
            cand get 'Read one location, or export many as NDJSON'
            cand update 'Replace a location with a complete body from a file or from field flags'
            cand delete 'Delete one location or many'
            cand validate 'Check location bodies offline: nothing is sent'
            cand apply 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV'
        }
        &'locadm;help;location;create'= {
        }
        &'locadm;help;location;get'= {
        }
        &'locadm;help;location;update'= {
        }
        &'locadm;help;location;delete'= {
        }
        &'locadm;help;location;validate'= {
        }
        &'locadm;help;location;apply'= {
        }
        &'locadm;help;provider'= {
            cand update 'Update a location provider from a file or from flags'
            cand validate 'Check provider bodies offline: nothing is sent'
        }
        &'locadm;help;provider;update'= {
        }
        &'locadm;help;provider;validate'= {
        }
        &'locadm;help;login'= {
        }
        &'locadm;help;logout'= {
        }
        &'locadm;help;auth'= {
            cand status 'Show the profile, client, keyring backend, token expiry and granted permissions'
            cand token 'Print the bearer token, for pipelines'
        }
        &'locadm;help;auth;status'= {
        }
        &'locadm;help;auth;token'= {
        }
        &'locadm;help;config'= {
            cand show 'Show the effective settings and where each came from'
            cand set 'Set a setting in the profile (secrets are never stored here)'
            cand get 'Print one effective setting''s value (exit 1 when it is not set)'
            cand unset 'Remove a setting from the profile'
            cand profiles 'List the profiles of the config file, the one in use marked'
        }
        &'locadm;help;config;show'= {
        }
        &'locadm;help;config;set'= {
        }
        &'locadm;help;config;get'= {
        }
        &'locadm;help;config;unset'= {
        }
        &'locadm;help;config;profiles'= {
        }
        &'locadm;help;emulator'= {
            cand serve 'Serve the emulator until SIGINT or SIGTERM'
        }
        &'locadm;help;emulator;serve'= {
        }
        &'locadm;help;smoke'= {
        }
        &'locadm;help;completions'= {
        }
        &'locadm;help;version'= {
        }
        &'locadm;help;help'= {
        }
    ]
    $completions[$command]
}
