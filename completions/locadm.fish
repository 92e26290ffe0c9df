# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_locadm_global_optspecs
    string join \n profile= config= base-url= token-url= issuer= federated-token-file= o/output= q/quiet v/verbose jq= timeout= h/help V/version
end

function __fish_locadm_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_locadm_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_locadm_using_subcommand
    set -l cmd (__fish_locadm_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c locadm -n "__fish_locadm_needs_command" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_needs_command" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_needs_command" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_needs_command" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_needs_command" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_needs_command" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_needs_command" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_needs_command" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_needs_command" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_needs_command" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_needs_command" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_needs_command" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "location" -d 'Create, read, update, delete, validate and bulk-apply locations'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "provider" -d 'Update location providers and validate provider bodies'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "login" -d 'Log in (client credentials, or as yourself with --web or --device) and keep the token in the OS keyring'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "logout" -d 'Remove the profile\'s token and client secret from the OS keyring'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "auth" -d 'Show the login state, or print the bearer token'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "config" -d 'Show the effective settings and where each came from, or set one in the profile'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "emulator" -d 'Run the local emulator of the location service'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "smoke" -d 'Check a deployment end to end: create, read, update, delete a temporary location'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "version" -d 'Print the version (as `--version` does)'
complete -c locadm -n "__fish_locadm_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -s h -l help -d 'Print help'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -f -a "create" -d 'Create a location from a file or from field flags'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -f -a "get" -d 'Read one location, or export many as NDJSON'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -f -a "update" -d 'Replace a location with a complete body from a file or from field flags'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -f -a "delete" -d 'Delete one location or many'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -f -a "validate" -d 'Check location bodies offline: nothing is sent'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -f -a "apply" -d 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV'
complete -c locadm -n "__fish_locadm_using_subcommand location; and not __fish_seen_subcommand_from create get update delete validate apply help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -s f -l file -d 'The request body as JSON (the spec\'s camelCase names); `-` reads standard input' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l store-id -d 'storeId (at most 36 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l store-name -d 'storeName (at most 128 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l supplementary-name -d 'supplementaryName (at most 128 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l street -d 'structuredAddress.street (structured form; at most 256 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l building-name -d 'structuredAddress.buildingName (structured form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l house-number -d 'structuredAddress.houseNumber (structured form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l district -d 'structuredAddress.district (structured form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l province -d 'structuredAddress.province (structured form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l address -d 'address, the legacy one-line address (legacy form; at most 256)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l city -d 'city (either form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l post-code -d 'postCode (either form; at most 16)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l country-code -d 'countryCode: 2 letters, 3 letters or 3 digits (either form)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l latitude -d 'latitude, -90 to 90, at most 8 decimals' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l longitude -d 'longitude, -180 to 180, at most 8 decimals' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l provider-id -d 'locationProvider.id (a UUID)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l telephone -d 'telephoneNumber (at most 16)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l email -d 'email (at most 127; local and domain part at most 63 each)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l logo-url -d 'logoUrl, an absolute URL (at most 128)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l photo-url -d 'A photo URL; repeat for several, or give them comma-separated (512 in all)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l disabled-access -d 'hasDisabledAccess' -r -f -a "true\t''
false\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l description -d 'description (at most 512)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l tag -d 'A tag; repeat for several' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -s i -l interactive -d 'Ask for each field at the terminal, then show the body before sending'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l ids-from -d 'Read the ids from a file (`-`: standard input): one a line, or JSON lines with an `id` (what `apply` prints, a journal, an export)' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l concurrency -d 'Requests in flight at once, each on an HTTP/1.1 connection of its own' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -l ignore-not-found -d 'A location that does not exist is not a failure'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -s f -l file -d 'The request body as JSON (the spec\'s camelCase names); `-` reads standard input' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l store-id -d 'storeId (at most 36 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l store-name -d 'storeName (at most 128 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l supplementary-name -d 'supplementaryName (at most 128 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l street -d 'structuredAddress.street (structured form; at most 256 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l building-name -d 'structuredAddress.buildingName (structured form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l house-number -d 'structuredAddress.houseNumber (structured form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l district -d 'structuredAddress.district (structured form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l province -d 'structuredAddress.province (structured form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l address -d 'address, the legacy one-line address (legacy form; at most 256)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l city -d 'city (either form; at most 64)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l post-code -d 'postCode (either form; at most 16)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l country-code -d 'countryCode: 2 letters, 3 letters or 3 digits (either form)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l latitude -d 'latitude, -90 to 90, at most 8 decimals' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l longitude -d 'longitude, -180 to 180, at most 8 decimals' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l provider-id -d 'locationProvider.id (a UUID)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l telephone -d 'telephoneNumber (at most 16)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l email -d 'email (at most 127; local and domain part at most 63 each)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l logo-url -d 'logoUrl, an absolute URL (at most 128)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l photo-url -d 'A photo URL; repeat for several, or give them comma-separated (512 in all)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l disabled-access -d 'hasDisabledAccess' -r -f -a "true\t''
false\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l description -d 'description (at most 512)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l tag -d 'A tag; repeat for several' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -s i -l interactive -d 'Ask for each field at the terminal, then show the body before sending'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -s y -l yes -d 'Send even when the read form cannot carry some fields (they are named first)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l ids-from -d 'Read the ids from a file (`-`: standard input): one a line, or JSON lines with an `id` (what `apply` prints, a journal, an export)' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l concurrency -d 'Requests in flight at once, each on an HTTP/1.1 connection of its own' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l journal -d 'Record each deletion and the location\'s last state here (`apply --undo` reads it)' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l ignore-not-found -d 'A location that does not exist is not a failure'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Do not ask for confirmation (required without a terminal)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -l plan -d 'Read every location and show what would be deleted; delete nothing'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -s f -l file -d 'Input file; `-` or nothing reads standard input' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l format -d 'Input format [default: from the file name\'s extension, else told from the content]' -r -f -a "json\t'One JSON body a line, a JSON array, or one body (told from the content)'
csv\t'A header row of field names, one location a row'"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l delimiter -d 'The delimiter [default: told from the header row: `,`, `;` or tab]' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l ignore-column -d 'Skip this column (repeatable): a spreadsheet\'s notes, say' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l max-record-size -d 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l strict -d 'Treat warnings (such as an unassigned country code) as errors'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l replace -d 'Records with an `id` are complete bodies, as `apply --replace` takes them'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -l decimal-comma -d 'Numbers are written with a decimal comma (`52,52`)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from validate" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -s f -l file -d 'Input file; `-` reads standard input' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l undo -d 'Put back what the run of this journal did: delete what it created, restore what it changed, re-create what it deleted (new ids are reported)' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l format -d 'Input format [default: from the file name\'s extension, else told from the content]' -r -f -a "json\t'One JSON body a line, a JSON array, or one body (told from the content)'
csv\t'A header row of field names, one location a row'"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l concurrency -d 'Requests in flight at once, each on an HTTP/1.1 connection of its own' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l journal -d 'Append each finished record here; a re-run with the same journal skips what is done' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l only-failed -d 'Skip what an earlier run did (its results or journal): creates matched by storeId, changes by id; re-run a fixed file without sending anything twice' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l attempts -d 'Attempts per record for retryable failures (429, 502, 503, 504, refused connection)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l delimiter -d 'The delimiter [default: told from the header row: `,`, `;` or tab]' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l ignore-column -d 'Skip this column (repeatable): a spreadsheet\'s notes, say' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l max-record-size -d 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l plan -d 'Read the current state of every record with an id and print the changes; write nothing'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l replace -d 'Records with an `id` are complete bodies: every field they leave out is cleared'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -s y -l yes -d 'Send even when the service\'s read form cannot carry some fields (named first)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l dry-run -d 'Validate and print what would be sent; send nothing'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l skip-invalid -d 'Send the valid records even when some are invalid (each invalid one is reported)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l retry-unknown -d 'Send again the creates whose outcome an earlier run records as unknown (may duplicate)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l retry-unconfirmed -d 'Send again the creates an earlier run saw answered without an id (may duplicate)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -l decimal-comma -d 'Numbers are written with a decimal comma (`52,52`)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from apply" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a location from a file or from field flags'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from help" -f -a "get" -d 'Read one location, or export many as NDJSON'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from help" -f -a "update" -d 'Replace a location with a complete body from a file or from field flags'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete one location or many'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from help" -f -a "validate" -d 'Check location bodies offline: nothing is sent'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from help" -f -a "apply" -d 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV'
complete -c locadm -n "__fish_locadm_using_subcommand location; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -s h -l help -d 'Print help'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -f -a "update" -d 'Update a location provider from a file or from flags'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -f -a "validate" -d 'Check provider bodies offline: nothing is sent'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and not __fish_seen_subcommand_from update validate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -s f -l file -d 'The request body as JSON; `-` reads standard input' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l name -d 'name (at most 128 characters)' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l archiving-period -d 'archivingPeriod, an integer from 1 to 30' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l details -d 'details: JSON text (an object or array), sent as a string' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l endpoint -d 'locationsSource.endpoint: marks the provider remote (an http(s) URL, at most 256)' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -s f -l file -d 'Input file; `-` or nothing reads standard input' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l max-record-size -d 'The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one is a problem of that record, read past without holding it' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -l strict -d 'Treat warnings as errors'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from validate" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from help" -f -a "update" -d 'Update a location provider from a file or from flags'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from help" -f -a "validate" -d 'Check provider bodies offline: nothing is sent'
complete -c locadm -n "__fish_locadm_using_subcommand provider; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand login" -l client-id -d 'OAuth 2.0 client id (or LOCADM_CLIENT_ID)' -r
complete -c locadm -n "__fish_locadm_using_subcommand login" -l scope -d 'A scope to request; repeat for several (sent only when given)' -r
complete -c locadm -n "__fish_locadm_using_subcommand login" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand login" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand login" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand login" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand login" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand login" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand login" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand login" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand login" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand login" -l client-secret-stdin -d 'Read the client secret from standard input (or set LOCADM_CLIENT_SECRET)'
complete -c locadm -n "__fish_locadm_using_subcommand login" -l web -d 'Log in as yourself in a browser (authorization code with PKCE; needs `--issuer`)'
complete -c locadm -n "__fish_locadm_using_subcommand login" -l device -d 'Log in as yourself with a code entered on another device (needs `--issuer`)'
complete -c locadm -n "__fish_locadm_using_subcommand login" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand login" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand login" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand login" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand logout" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand logout" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand logout" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand logout" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand logout" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand logout" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand logout" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand logout" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand logout" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand logout" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand logout" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand logout" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand logout" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -s h -l help -d 'Print help'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -f -a "status" -d 'Show the profile, client, keyring backend, token expiry and granted permissions'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -f -a "token" -d 'Print the bearer token, for pipelines'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and not __fish_seen_subcommand_from status token help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from token" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show the profile, client, keyring backend, token expiry and granted permissions'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "token" -d 'Print the bearer token, for pipelines'
complete -c locadm -n "__fish_locadm_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -s h -l help -d 'Print help'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -f -a "show" -d 'Show the effective settings and where each came from'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -f -a "set" -d 'Set a setting in the profile (secrets are never stored here)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -f -a "get" -d 'Print one effective setting\'s value (exit 1 when it is not set)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -f -a "unset" -d 'Remove a setting from the profile'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -f -a "profiles" -d 'List the profiles of the config file, the one in use marked'
complete -c locadm -n "__fish_locadm_using_subcommand config; and not __fish_seen_subcommand_from show set get unset profiles help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from unset" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from profiles" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show the effective settings and where each came from'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "set" -d 'Set a setting in the profile (secrets are never stored here)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "get" -d 'Print one effective setting\'s value (exit 1 when it is not set)'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "unset" -d 'Remove a setting from the profile'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "profiles" -d 'List the profiles of the config file, the one in use marked'
complete -c locadm -n "__fish_locadm_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -s h -l help -d 'Print help'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -f -a "serve" -d 'Serve the emulator until SIGINT or SIGTERM'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and not __fish_seen_subcommand_from serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l addr -d 'Address to listen on; port 0 picks a free port' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l db -d 'SQLite database file; in memory when not given' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l client -d 'An extra client, `ID:SECRET:perm,perm` (repeatable); the secret is only for tests' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l provider -d 'An extra provider, `UUID:NAME` (repeatable)' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l token-lifetime -d 'Token lifetime in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l fail-rate -d 'Fraction of requests answered with 500' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l throttle-rate -d 'Fraction of requests answered with 429 and `Retry-After`' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l drop-rate -d 'Fraction of requests whose connection is dropped without an answer' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l latency-ms -d 'Latency added to every request, in milliseconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l seed -d 'Seed for the fault injection, so a run can be repeated' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l faults-on-token -d 'Apply the faults to the token endpoint as well'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -l spec-read-form -d 'Read only the fields of the spec\'s read table (no `structuredAddress`, `email`, ...)'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from serve" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from help" -f -a "serve" -d 'Serve the emulator until SIGINT or SIGTERM'
complete -c locadm -n "__fish_locadm_using_subcommand emulator; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l provider -d 'The location provider the temporary location is created under' -r
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l location -d 'The location to read with `--read-only`' -r
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l junit -d 'Write a JUnit XML report here' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -l read-only -d 'For production: get a token and read one location, change nothing'
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand smoke" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand completions" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand completions" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand completions" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand completions" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand completions" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand completions" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand completions" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand completions" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand completions" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand completions" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand completions" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand completions" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand version" -l profile -d 'Profile from the config file (`default` when unset; `local` is the built-in emulator)' -r
complete -c locadm -n "__fish_locadm_using_subcommand version" -l config -d 'Config file [default: the OS config directory\'s `locadm/config.toml`]' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand version" -l base-url -d 'The service\'s base URL' -r
complete -c locadm -n "__fish_locadm_using_subcommand version" -l token-url -d 'OAuth 2.0 token endpoint' -r
complete -c locadm -n "__fish_locadm_using_subcommand version" -l issuer -d 'OpenID provider: the endpoints come from its discovery document' -r
complete -c locadm -n "__fish_locadm_using_subcommand version" -l federated-token-file -d 'A workload identity token (CI) to exchange for an access token, read afresh each time' -r -F
complete -c locadm -n "__fish_locadm_using_subcommand version" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''"
complete -c locadm -n "__fish_locadm_using_subcommand version" -l jq -d 'Filter JSON output with a jq expression (built in; no external jq needed)' -r
complete -c locadm -n "__fish_locadm_using_subcommand version" -l timeout -d 'Per-request timeout in seconds' -r
complete -c locadm -n "__fish_locadm_using_subcommand version" -s q -l quiet -d 'Print only identifiers, one per line'
complete -c locadm -n "__fish_locadm_using_subcommand version" -s v -l verbose -d 'Show the HTTP exchange on stderr (secrets redacted)'
complete -c locadm -n "__fish_locadm_using_subcommand version" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c locadm -n "__fish_locadm_using_subcommand version" -s V -l version -d 'Print version'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "location" -d 'Create, read, update, delete, validate and bulk-apply locations'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "provider" -d 'Update location providers and validate provider bodies'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "login" -d 'Log in (client credentials, or as yourself with --web or --device) and keep the token in the OS keyring'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "logout" -d 'Remove the profile\'s token and client secret from the OS keyring'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "auth" -d 'Show the login state, or print the bearer token'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "config" -d 'Show the effective settings and where each came from, or set one in the profile'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "emulator" -d 'Run the local emulator of the location service'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "smoke" -d 'Check a deployment end to end: create, read, update, delete a temporary location'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "completions" -d 'Print a shell completion script'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "version" -d 'Print the version (as `--version` does)'
complete -c locadm -n "__fish_locadm_using_subcommand help; and not __fish_seen_subcommand_from location provider login logout auth config emulator smoke completions version help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from location" -f -a "create" -d 'Create a location from a file or from field flags'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from location" -f -a "get" -d 'Read one location, or export many as NDJSON'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from location" -f -a "update" -d 'Replace a location with a complete body from a file or from field flags'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from location" -f -a "delete" -d 'Delete one location or many'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from location" -f -a "validate" -d 'Check location bodies offline: nothing is sent'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from location" -f -a "apply" -d 'Create, change and undo locations in bulk from NDJSON, a JSON array or CSV'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from provider" -f -a "update" -d 'Update a location provider from a file or from flags'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from provider" -f -a "validate" -d 'Check provider bodies offline: nothing is sent'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "status" -d 'Show the profile, client, keyring backend, token expiry and granted permissions'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "token" -d 'Print the bearer token, for pipelines'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "show" -d 'Show the effective settings and where each came from'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "set" -d 'Set a setting in the profile (secrets are never stored here)'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "get" -d 'Print one effective setting\'s value (exit 1 when it is not set)'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "unset" -d 'Remove a setting from the profile'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "profiles" -d 'List the profiles of the config file, the one in use marked'
complete -c locadm -n "__fish_locadm_using_subcommand help; and __fish_seen_subcommand_from emulator" -f -a "serve" -d 'Serve the emulator until SIGINT or SIGTERM'
