//! The deployment manifests (infra/deploy: the Compose file, the Kubernetes manifests, the
//! Dockerfile, the nginx proxy) agree with the binary they deploy: every setting they give a
//! storefront container is one that container's subcommand reads (`[env: NAME]` in its
//! `--help`), every role is one `--roles` knows, every subcommand exists, the shape the
//! deployment promises holds (two query replicas each with its own index, two relays, HPAs for
//! query and tracker, readiness on /readyz everywhere the binary runs, the web renderer where
//! the query processes look for it), and every documented path is routed to the role whose
//! router answers it. Needs neither the database nor the broker.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

// ---------------------------------------------------------------------------------------------
// A YAML subset: block mappings and sequences, flow collections, plain and quoted scalars,
// block scalars, anchors, aliases and merge keys (`<<: *anchor`), several documents per file.
// Enough for the manifests; anything else fails loudly with the file and line.

#[derive(Debug, Clone, PartialEq)]
enum Node {
    Null,
    Scalar(String),
    Seq(Vec<Node>),
    Map(Vec<(String, Node)>),
}

impl Node {
    fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn at(&self, path: &[&str]) -> Option<&Node> {
        path.iter().try_fold(self, |node, key| node.get(key))
    }

    fn str(&self) -> Option<&str> {
        match self {
            Node::Scalar(s) => Some(s),
            _ => None,
        }
    }

    fn str_at(&self, path: &[&str]) -> Option<&str> {
        self.at(path).and_then(Node::str)
    }

    fn items(&self) -> &[Node] {
        match self {
            Node::Seq(items) => items,
            _ => &[],
        }
    }

    fn entries(&self) -> &[(String, Node)] {
        match self {
            Node::Map(entries) => entries,
            _ => &[],
        }
    }

    /// A command line: a sequence of scalars, or one string split at spaces.
    fn words(&self) -> Vec<String> {
        match self {
            Node::Scalar(s) => s.split_whitespace().map(str::to_string).collect(),
            Node::Seq(items) => items
                .iter()
                .map(|i| i.str().unwrap_or_default().to_string())
                .collect(),
            _ => Vec::new(),
        }
    }
}

#[derive(Debug, Clone)]
struct Line {
    no: usize,
    indent: usize,
    text: String,
    /// The text of a block scalar (`key: |`) that starts on this line.
    block: Option<String>,
}

fn strip_comment(line: &str) -> &str {
    let (mut single, mut double) = (false, false);
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && previous.is_whitespace() => return &line[..i],
            _ => {}
        }
        previous = c;
    }
    line
}

fn is_block_indicator(value: &str) -> bool {
    matches!(value, "|" | "|-" | "|+" | ">" | ">-" | ">+")
}

/// The documents of a file as lines without comments, block scalars gathered on their line.
fn yaml_documents(text: &str) -> Vec<Vec<Line>> {
    let raw: Vec<&str> = text.lines().collect();
    let mut docs = vec![Vec::new()];
    let mut i = 0;
    while i < raw.len() {
        let line = raw[i];
        i += 1;
        let content = strip_comment(line).trim_end();
        if content.trim().is_empty() {
            continue;
        }
        if content == "---" {
            docs.push(Vec::new());
            continue;
        }
        let indent = content.len() - content.trim_start().len();
        let text = content.trim_start().to_string();
        let value = text
            .rsplit_once(": ")
            .map(|(_, v)| v)
            .unwrap_or(text.strip_prefix("- ").map(str::trim).unwrap_or_default());
        let mut block = None;
        if is_block_indicator(value.trim()) {
            let mut body = Vec::new();
            while i < raw.len() {
                let next = raw[i];
                let next_indent = next.len() - next.trim_start().len();
                if !next.trim().is_empty() && next_indent <= indent {
                    break;
                }
                body.push(next.trim());
                i += 1;
            }
            block = Some(body.join("\n"));
        }
        docs.last_mut().unwrap().push(Line {
            no: i,
            indent,
            text,
            block,
        });
    }
    docs.retain(|d| !d.is_empty());
    docs
}

fn is_seq_item(text: &str) -> bool {
    text == "-" || text.starts_with("- ")
}

/// `key: rest` (rest possibly empty), for a key that is plain or quoted.
fn split_key(text: &str) -> Option<(String, String)> {
    if text.starts_with('[') || text.starts_with('{') {
        return None;
    }
    if let Some(quote) = text.chars().next().filter(|c| *c == '"' || *c == '\'') {
        let end = text[1..].find(quote)? + 1;
        let after = &text[end + 1..];
        let rest = after.strip_prefix(':')?;
        if !(rest.is_empty() || rest.starts_with(' ')) {
            return None;
        }
        return Some((text[1..end].to_string(), rest.trim().to_string()));
    }
    if let Some(key) = text.strip_suffix(':') {
        if !key.contains(": ") {
            return Some((key.to_string(), String::new()));
        }
    }
    let (key, rest) = text.split_once(": ")?;
    Some((key.to_string(), rest.trim().to_string()))
}

fn unquote(text: &str) -> String {
    let t = text.trim();
    if t.len() >= 2 && t.starts_with('"') && t.ends_with('"') {
        let mut out = String::new();
        let mut chars = t[1..t.len() - 1].chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(other) => out.push(other),
                    None => {}
                }
            } else {
                out.push(c);
            }
        }
        out
    } else if t.len() >= 2 && t.starts_with('\'') && t.ends_with('\'') {
        t[1..t.len() - 1].replace("''", "'")
    } else {
        t.to_string()
    }
}

struct Flow<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
}

impl Flow<'_> {
    fn skip_spaces(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.chars.next();
        }
    }

    fn node(&mut self) -> Result<Node, String> {
        self.skip_spaces();
        match self.chars.peek() {
            Some('[') => {
                self.chars.next();
                let mut items = Vec::new();
                loop {
                    self.skip_spaces();
                    if self.chars.peek() == Some(&']') {
                        self.chars.next();
                        return Ok(Node::Seq(items));
                    }
                    items.push(self.node()?);
                    self.skip_spaces();
                    match self.chars.next() {
                        Some(',') => continue,
                        Some(']') => return Ok(Node::Seq(items)),
                        other => {
                            return Err(format!(
                                "expected , or ] in a flow sequence, got {other:?}"
                            ))
                        }
                    }
                }
            }
            Some('{') => {
                self.chars.next();
                let mut entries = Vec::new();
                loop {
                    self.skip_spaces();
                    if self.chars.peek() == Some(&'}') {
                        self.chars.next();
                        return Ok(Node::Map(entries));
                    }
                    let key = match self.node()? {
                        Node::Scalar(k) => k,
                        other => {
                            return Err(format!("a flow mapping key must be a scalar: {other:?}"))
                        }
                    };
                    let key = key.strip_suffix(':').map(str::to_string).unwrap_or(key);
                    self.skip_spaces();
                    if self.chars.peek() == Some(&':') {
                        self.chars.next();
                    }
                    let value = self.node()?;
                    entries.push((key, value));
                    self.skip_spaces();
                    match self.chars.next() {
                        Some(',') => continue,
                        Some('}') => return Ok(Node::Map(entries)),
                        other => {
                            return Err(format!(
                                "expected , or }} in a flow mapping, got {other:?}"
                            ))
                        }
                    }
                }
            }
            Some(&quote) if quote == '"' || quote == '\'' => {
                let mut raw = String::new();
                raw.push(self.chars.next().unwrap());
                let mut escaped = false;
                for c in self.chars.by_ref() {
                    raw.push(c);
                    if quote == '"' && c == '\\' && !escaped {
                        escaped = true;
                        continue;
                    }
                    if c == quote && !escaped {
                        break;
                    }
                    escaped = false;
                }
                Ok(Node::Scalar(unquote(&raw)))
            }
            _ => {
                let mut raw = String::new();
                while let Some(&c) = self.chars.peek() {
                    if c == ',' || c == ']' || c == '}' {
                        break;
                    }
                    if c == ':' && raw.chars().last().is_some_and(|p| !p.is_whitespace()) {
                        // `key: value` inside a flow mapping ends the key here.
                        let mut look = self.chars.clone();
                        look.next();
                        if look.peek().is_none_or(|n| n.is_whitespace()) {
                            break;
                        }
                    }
                    raw.push(c);
                    self.chars.next();
                }
                Ok(Node::Scalar(raw.trim().to_string()))
            }
        }
    }
}

fn parse_flow(text: &str) -> Result<Node, String> {
    let mut flow = Flow {
        chars: text.chars().peekable(),
    };
    let node = flow.node()?;
    flow.skip_spaces();
    match flow.chars.next() {
        None => Ok(node),
        Some(c) => Err(format!("unexpected {c:?} after a flow collection")),
    }
}

struct YamlParser {
    lines: Vec<Line>,
    pos: usize,
    anchors: HashMap<String, Node>,
}

impl YamlParser {
    fn err<T>(&self, message: &str) -> Result<T, String> {
        let at = self
            .lines
            .get(self.pos)
            .map(|l| format!("line {}: {}", l.no, l.text))
            .unwrap_or_else(|| "the end".into());
        Err(format!("{message} at {at}"))
    }

    fn block(&mut self, indent: usize) -> Result<Node, String> {
        if is_seq_item(&self.lines[self.pos].text) {
            self.seq(indent)
        } else {
            self.map(indent)
        }
    }

    fn map(&mut self, indent: usize) -> Result<Node, String> {
        let mut entries: Vec<(String, Node)> = Vec::new();
        let mut merges = Vec::new();
        while self.pos < self.lines.len()
            && self.lines[self.pos].indent == indent
            && !is_seq_item(&self.lines[self.pos].text)
        {
            let line = self.lines[self.pos].clone();
            let Some((key, rest)) = split_key(&line.text) else {
                return self.err("expected `key: value`");
            };
            self.pos += 1;
            let value = self.value(&rest, indent, line.block)?;
            if key == "<<" {
                merges.push(value);
            } else if entries.iter().any(|(k, _)| *k == key) {
                self.pos -= 1;
                return self.err(&format!("duplicate key {key}"));
            } else {
                entries.push((key, value));
            }
        }
        if self.pos < self.lines.len() && self.lines[self.pos].indent >= indent {
            return self.err("unexpected indentation");
        }
        for merged in merges {
            let Node::Map(merged) = merged else {
                return self.err("`<<` merges a mapping only");
            };
            for (k, v) in merged {
                if !entries.iter().any(|(key, _)| *key == k) {
                    entries.push((k, v));
                }
            }
        }
        Ok(Node::Map(entries))
    }

    fn seq(&mut self, indent: usize) -> Result<Node, String> {
        let mut items = Vec::new();
        while self.pos < self.lines.len()
            && self.lines[self.pos].indent == indent
            && is_seq_item(&self.lines[self.pos].text)
        {
            let line = self.lines[self.pos].clone();
            let rest = line.text[1..].trim_start().to_string();
            if rest.is_empty() {
                self.pos += 1;
                let nested = match self.lines.get(self.pos).map(|l| l.indent) {
                    Some(next) if next > indent => self.block(next)?,
                    _ => Node::Null,
                };
                items.push(nested);
            } else if split_key(&rest).is_some() && !rest.starts_with('*') {
                // `- key: value`: a mapping whose first key sits after the dash.
                let key_indent = indent + (line.text.len() - rest.len());
                self.lines[self.pos] = Line {
                    indent: key_indent,
                    text: rest,
                    ..line
                };
                items.push(self.map(key_indent)?);
            } else {
                self.pos += 1;
                items.push(self.value(&rest, indent, line.block)?);
            }
        }
        Ok(Node::Seq(items))
    }

    /// What follows a `key:` or `-` with nothing after it on its line.
    fn nested(&mut self, indent: usize) -> Result<Node, String> {
        match self.lines.get(self.pos) {
            Some(next) if next.indent > indent => {
                let next_indent = next.indent;
                self.block(next_indent)
            }
            Some(next) if next.indent == indent && is_seq_item(&next.text) => self.seq(indent),
            _ => Ok(Node::Null),
        }
    }

    fn value(&mut self, rest: &str, indent: usize, block: Option<String>) -> Result<Node, String> {
        let mut rest = rest.trim();
        let mut anchor = None;
        if let Some(after) = rest.strip_prefix('&') {
            let (name, tail) = after.split_once(' ').unwrap_or((after, ""));
            anchor = Some(name.to_string());
            rest = tail.trim();
        }
        let node = if rest.is_empty() {
            self.nested(indent)?
        } else if let Some(alias) = rest.strip_prefix('*') {
            match self.anchors.get(alias) {
                Some(node) => node.clone(),
                None => return self.err(&format!("unknown anchor {alias}")),
            }
        } else if is_block_indicator(rest) {
            Node::Scalar(block.unwrap_or_default())
        } else if rest.starts_with('[') || rest.starts_with('{') {
            match parse_flow(rest) {
                Ok(node) => node,
                Err(e) => return self.err(&e),
            }
        } else {
            Node::Scalar(unquote(rest))
        };
        if let Some(name) = anchor {
            self.anchors.insert(name, node.clone());
        }
        Ok(node)
    }
}

fn parse_yaml(path: &Path) -> Vec<Node> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut anchors = HashMap::new();
    let mut out = Vec::new();
    for lines in yaml_documents(&text) {
        let indent = lines[0].indent;
        let mut parser = YamlParser {
            lines,
            pos: 0,
            anchors,
        };
        let node = parser
            .block(indent)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if parser.pos != parser.lines.len() {
            let e: Result<(), String> = parser.err("not read");
            panic!("{}: {}", path.display(), e.unwrap_err());
        }
        anchors = HashMap::new();
        out.push(node);
    }
    out
}

#[test]
fn the_yaml_reader_reads_what_the_manifests_use() {
    let dir = std::env::temp_dir().join(format!("deploy-yaml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.yaml");
    std::fs::write(
        &file,
        "x-a: &a\n  K1: v1 # comment\n  K2: \"2\"\nsvc:\n  <<: *a\n  K2: three\n  list:\n  - name: n\n    value: 'q''s'\n  - plain\n  flow: [\"serve\", --x]\n  empty: {}\n  text: |\n    line one\n    # not a comment\nlast: [a, {b: c}]\n---\nkind: Two\n",
    )
    .unwrap();
    let docs = parse_yaml(&file);
    assert_eq!(docs.len(), 2);
    let svc = docs[0].get("svc").unwrap();
    assert_eq!(svc.str_at(&["K1"]), Some("v1"));
    assert_eq!(svc.str_at(&["K2"]), Some("three"));
    assert_eq!(
        svc.get("list").unwrap().items()[0].str_at(&["value"]),
        Some("q's")
    );
    assert_eq!(svc.get("list").unwrap().items()[1].str(), Some("plain"));
    assert_eq!(svc.get("flow").unwrap().words(), ["serve", "--x"]);
    assert_eq!(svc.get("empty"), Some(&Node::Map(Vec::new())));
    assert_eq!(svc.str_at(&["text"]), Some("line one\n# not a comment"));
    assert_eq!(
        docs[0].get("last").unwrap().items()[1].str_at(&["b"]),
        Some("c")
    );
    assert_eq!(docs[1].str_at(&["kind"]), Some("Two"));
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------------------------------------
// The binary's configuration, as `--help` shows it.

/// Names the binary reads from the environment outside clap (tracing's filter).
const READ_OUTSIDE_CLAP: &[&str] = &["RUST_LOG"];

/// Settings every `serve` process must agree on: cookies one process signs, another verifies;
/// one event store, broker, topics, groups; the tracking topic's retention each sets at start.
const SHARED: &[&str] = &[
    "DATABASE_URL",
    "KAFKA_BROKERS",
    "EVENTS_TOPIC",
    "TRACKING_TOPIC",
    "CONSUMER_GROUP_PREFIX",
    "COOKIE_KEYS",
    "STAFF_TOKENS",
    "PSEUDONYM_KEY",
    "MASTER_KEYS",
    "TRACKING_RETENTION_DAYS",
];

fn deploy_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("infra/deploy")
}

static HELP: Mutex<BTreeMap<Vec<String>, Option<String>>> = Mutex::new(BTreeMap::new());

/// `storefront WORDS… --help`, or None when the binary refuses the words.
fn help(words: &[String]) -> Option<String> {
    let mut cache = HELP.lock().unwrap();
    cache
        .entry(words.to_vec())
        .or_insert_with(|| {
            let out = Command::new(env!("CARGO_BIN_EXE_storefront"))
                .args(words)
                .arg("--help")
                .env_clear()
                .output()
                .expect("the storefront binary runs");
            out.status
                .success()
                .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
        })
        .clone()
}

fn reads_env(help: &str, name: &str) -> bool {
    help.contains(&format!("[env: {name}]")) || help.contains(&format!("[env: {name}="))
}

fn has_flag(help: &str, flag: &str) -> bool {
    help.match_indices(flag).any(|(i, _)| {
        let before = help[..i].chars().last();
        let after = help[i + flag.len()..].chars().next();
        before.is_none_or(|c| c.is_whitespace() || c == ',')
            && after.is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_'))
    })
}

/// A storefront container or service: where it is, what it runs, what it is given.
#[derive(Debug, Default)]
struct Process {
    place: String,
    /// The arguments after the binary's name.
    args: Vec<String>,
    /// Environment names and their literal values (None: a Secret's, or not known here).
    env: BTreeMap<String, Option<String>>,
    /// Names that come from the shared ConfigMaps and Secrets (`envFrom`), not set per workload.
    from_shared: BTreeSet<String>,
}

impl Process {
    /// The value of the setting `name` in its environment, when set.
    fn setting(&self, name: &str) -> Option<String> {
        self.env.get(name).cloned().flatten()
    }

    /// The subcommand (`serve`, `migrate`, `projections rebuild`, …) and the rest.
    fn subcommand(&self) -> (Vec<String>, Vec<String>) {
        let words: Vec<String> = self
            .args
            .iter()
            .take_while(|w| !w.starts_with('-'))
            .cloned()
            .collect();
        for n in (1..=words.len()).rev() {
            if help(&words[..n]).is_some() {
                return (words[..n].to_vec(), self.args[n..].to_vec());
            }
        }
        panic!(
            "{}: `storefront {}` is not a subcommand of the binary",
            self.place,
            self.args.join(" ")
        );
    }

    fn is_serve(&self) -> bool {
        self.subcommand().0 == ["serve"]
    }

    fn roles(&self) -> Vec<String> {
        let mut list = self.setting("ROLES");
        if let Some(i) = self.args.iter().position(|a| a == "--roles") {
            list = self.args.get(i + 1).cloned();
        }
        if let Some(a) = self.args.iter().find_map(|a| a.strip_prefix("--roles=")) {
            list = Some(a.to_string());
        }
        let list = list.unwrap_or_else(|| {
            panic!(
                "{}: a serve process of a scaled-out deployment names its roles (ROLES)",
                self.place
            )
        });
        list.split(',').map(|r| r.trim().to_string()).collect()
    }
}

/// Every check on one process against the binary; answers the names it checked.
fn check_process(process: &Process, problems: &mut Vec<String>) -> BTreeSet<String> {
    let (sub, rest) = process.subcommand();
    let text = help(&sub).unwrap();
    for flag in rest.iter().filter(|a| a.starts_with("--")) {
        let flag = flag.split('=').next().unwrap();
        if !has_flag(&text, flag) {
            problems.push(format!(
                "{}: `storefront {} {flag}`: no such option",
                process.place,
                sub.join(" ")
            ));
        }
    }
    for name in process.env.keys() {
        if !reads_env(&text, name) && !READ_OUTSIDE_CLAP.contains(&name.as_str()) {
            problems.push(format!(
                "{}: {name} is not read by `storefront {}` (no `[env: {name}]` in its --help)",
                process.place,
                sub.join(" ")
            ));
        }
    }
    if sub == ["serve"] {
        if let Some(refusal) = refused_values(process) {
            problems.push(format!(
                "{}: the binary refuses its settings: {refusal}",
                process.place
            ));
        }
        let roles = process.roles();
        let known: Vec<&str> = storefront::ROLE_NAMES.split(',').collect();
        for role in &roles {
            if !known.contains(&role.as_str()) {
                problems.push(format!(
                    "{}: role {role} is not one of {}",
                    process.place,
                    storefront::ROLE_NAMES
                ));
            }
        }
        if roles.iter().any(|r| r == "indexer") {
            problems.push(format!(
                "{}: the indexer role has no work of its own: each query process keeps and feeds \
                 its own index (src/serve.rs), so it is not deployed",
                process.place
            ));
        }
    }
    process.env.keys().cloned().collect()
}

/// Runs `storefront serve` with the process's literal settings (secrets and Compose's
/// `${…}` left out) and an address that cannot be bound: the binary parses every setting, the
/// roles and the cookie keys first, and stops at BIND before it connects to anything. Answers
/// what it refused, if anything but BIND.
fn refused_values(process: &Process) -> Option<String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_storefront"));
    command
        .env_clear()
        .args(["serve", "--bind", "not-an-address"]);
    for (name, value) in &process.env {
        if let Some(value) = value.as_ref().filter(|v| !v.contains("${")) {
            command.env(name, value);
        }
    }
    command
        .env("DATABASE_URL", "postgres://probe@127.0.0.1:1/probe")
        .env("KAFKA_BROKERS", "127.0.0.1:1");
    let out = command.output().expect("the storefront binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !stderr.contains("BIND: 'not-an-address'") {
        return Some(stderr.into_owned());
    }
    let bind = process.setting("BIND")?;
    match bind.parse::<std::net::SocketAddr>() {
        Ok(_) => None,
        Err(_) => Some(format!("BIND {bind:?} is not an address")),
    }
}

/// Each role of ROLE_NAMES but `indexer` runs somewhere, each serve process runs one role.
fn check_roles(processes: &[&Process], file: &str, problems: &mut Vec<String>) -> BTreeSet<String> {
    let mut deployed = BTreeSet::new();
    for p in processes.iter().filter(|p| p.is_serve()) {
        let roles = p.roles();
        if roles.len() != 1 {
            problems.push(format!(
                "{}: runs {roles:?}; each role is its own service here",
                p.place
            ));
        }
        deployed.extend(roles);
    }
    for role in storefront::ROLE_NAMES.split(',') {
        if role != "indexer" && !deployed.contains(role) {
            problems.push(format!("{file}: no process runs the {role} role"));
        }
    }
    deployed
}

fn report(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "the deployment disagrees with the binary:\n  {}",
        problems.join("\n  ")
    );
}

// ---------------------------------------------------------------------------------------------
// Compose.

fn compose() -> Node {
    let mut docs = parse_yaml(&deploy_dir().join("compose.yaml"));
    assert_eq!(docs.len(), 1, "compose.yaml is one document");
    docs.remove(0)
}

fn image_name(image: &str) -> &str {
    let last = image.rsplit('/').next().unwrap_or(image);
    last.split([':', '@']).next().unwrap_or(last)
}

/// The storefront services of the Compose file (kafka, postgres and the proxy left out).
fn compose_processes(file: &Node) -> Vec<Process> {
    let mut out = Vec::new();
    for (name, service) in file.get("services").expect("services").entries() {
        let image = service.str_at(&["image"]).unwrap_or_default();
        if image_name(image) != "storefront" {
            continue;
        }
        let mut env = BTreeMap::new();
        match service.get("environment") {
            Some(Node::Map(entries)) => {
                for (k, v) in entries {
                    env.insert(k.clone(), v.str().map(str::to_string));
                }
            }
            Some(Node::Seq(items)) => {
                for item in items {
                    let text = item.str().unwrap_or_default();
                    let (k, v) = text.split_once('=').unwrap_or((text, ""));
                    env.insert(k.to_string(), Some(v.to_string()));
                }
            }
            _ => {}
        }
        let args = match service.get("command") {
            Some(command) => command.words(),
            None => vec!["serve".to_string()],
        };
        out.push(Process {
            place: format!("compose.yaml service {name}"),
            args,
            env,
            from_shared: BTreeSet::new(),
        });
    }
    out
}

#[test]
fn the_compose_file_configures_only_what_the_binary_reads() {
    let file = compose();
    let services = file.get("services").unwrap();
    let processes = compose_processes(&file);
    let mut problems = Vec::new();
    let mut names = BTreeSet::new();
    for p in &processes {
        names.extend(check_process(p, &mut problems));
    }
    let serve: Vec<&Process> = processes.iter().filter(|p| p.is_serve()).collect();
    let roles = check_roles(
        &processes.iter().collect::<Vec<_>>(),
        "compose.yaml",
        &mut problems,
    );

    // Not vacuous: the services and settings were found.
    assert!(serve.len() >= 7, "serve services found: {}", serve.len());
    assert!(names.len() >= 15, "settings found: {names:?}");
    assert!(roles.len() >= 6, "roles found: {roles:?}");

    // The one-shot migration runs first; every serve process waits for it.
    let migrate: Vec<&Process> = processes
        .iter()
        .filter(|p| p.subcommand().0 == ["migrate"])
        .collect();
    assert_eq!(migrate.len(), 1, "one migrate service");
    let migrate_name = migrate[0].place.rsplit(' ').next().unwrap().to_string();
    for (name, service) in services.entries() {
        let place = format!("compose.yaml service {name}");
        let Some(p) = processes.iter().find(|p| p.place == place) else {
            continue;
        };
        if !p.is_serve() {
            continue;
        }
        if service.str_at(&["depends_on", &migrate_name, "condition"])
            != Some("service_completed_successfully")
        {
            problems.push(format!(
                "{place}: does not wait for {migrate_name} to complete"
            ));
        }
        let test = service
            .at(&["healthcheck", "test"])
            .map(Node::words)
            .unwrap_or_default()
            .join(" ");
        let port = p
            .setting("BIND")
            .and_then(|b| b.rsplit(':').next().map(str::to_string))
            .unwrap_or_default();
        if !test.contains(&format!(":{port}/readyz")) {
            problems.push(format!(
                "{place}: its healthcheck must ask /readyz on the BIND port ({port}): {test}"
            ));
        }
        // Settings the processes must agree on.
        for shared in SHARED {
            let value = p.setting(shared);
            let first = serve[0].setting(shared);
            if value.is_none() || value != first {
                problems.push(format!(
                    "{place}: {shared} must be set, and the same in every serve service"
                ));
            }
        }
    }

    // Two query replicas, each with its own index volume and its own consumer group name.
    let query: Vec<&&Process> = serve
        .iter()
        .filter(|p| p.roles().contains(&"query".to_string()))
        .collect();
    assert!(query.len() >= 2, "two query services: {query:?}");
    let mut instances = BTreeSet::new();
    let mut volumes = BTreeSet::new();
    for p in &query {
        let name = p.place.rsplit(' ').next().unwrap();
        let dir = p.setting("INDEX_DIR").unwrap_or_else(|| {
            panic!("{}: INDEX_DIR is set", p.place);
        });
        instances.insert(p.setting("SEARCH_INSTANCE"));
        let mounted = services
            .at(&[name, "volumes"])
            .map(Node::items)
            .unwrap_or_default()
            .iter()
            .filter_map(Node::str)
            .find_map(|v| {
                let mut parts = v.split(':');
                let (source, target) = (parts.next()?, parts.next()?);
                (target == dir).then(|| source.to_string())
            });
        match mounted {
            Some(source) => {
                volumes.insert(source);
            }
            None => problems.push(format!("{}: INDEX_DIR {dir} is not a volume", p.place)),
        }
    }
    if instances.len() != query.len() || instances.contains(&None) {
        problems.push("each query service needs its own SEARCH_INSTANCE".into());
    }
    if volumes.len() != query.len() {
        problems.push("each query service needs its own index volume".into());
    }

    // The relay: two of them (one active, one standby).
    let relay_replicas: u32 = services
        .entries()
        .iter()
        .filter(|(name, _)| {
            processes.iter().any(|p| {
                p.place == format!("compose.yaml service {name}")
                    && p.is_serve()
                    && p.roles().contains(&"relay".to_string())
            })
        })
        .map(|(_, s)| {
            s.str_at(&["deploy", "replicas"])
                .map(|r| r.parse().unwrap())
                .unwrap_or(1)
        })
        .sum();
    if relay_replicas != 2 {
        problems.push(format!("the relay runs {relay_replicas} times, not 2"));
    }
    report(problems);
}

// ---------------------------------------------------------------------------------------------
// Kubernetes.

struct Manifest {
    file: String,
    doc: Node,
}

impl Manifest {
    fn kind(&self) -> &str {
        self.doc.str_at(&["kind"]).unwrap_or_default()
    }

    fn name(&self) -> &str {
        self.doc.str_at(&["metadata", "name"]).unwrap_or_default()
    }

    fn place(&self) -> String {
        format!("k8s/{} {} {}", self.file, self.kind(), self.name())
    }
}

fn k8s_manifests() -> Vec<Manifest> {
    let dir = deploy_dir().join("k8s");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        for doc in parse_yaml(&path) {
            out.push(Manifest {
                file: file.clone(),
                doc,
            });
        }
    }
    out
}

fn object<'a>(manifests: &'a [Manifest], kind: &str, name: &str) -> Option<&'a Manifest> {
    manifests
        .iter()
        .find(|m| m.kind() == kind && m.name() == name)
}

/// Keys of a ConfigMap or Secret.
fn keys_of(manifest: &Manifest) -> Vec<String> {
    ["data", "stringData"]
        .iter()
        .filter_map(|k| manifest.doc.get(k))
        .flat_map(|d| d.entries().iter().map(|(k, _)| k.clone()))
        .collect()
}

const WORKLOADS: &[&str] = &["Deployment", "StatefulSet", "DaemonSet", "Job"];

/// Each storefront container of the workloads, with its ConfigMap and Secret keys resolved.
fn k8s_processes(manifests: &[Manifest], problems: &mut Vec<String>) -> Vec<(String, Process)> {
    let mut out = Vec::new();
    for m in manifests.iter().filter(|m| WORKLOADS.contains(&m.kind())) {
        let pod = m.doc.at(&["spec", "template", "spec"]).expect("a pod spec");
        let containers = ["initContainers", "containers"]
            .iter()
            .filter_map(|k| pod.get(k))
            .flat_map(Node::items);
        for c in containers {
            let image = c.str_at(&["image"]).unwrap_or_default();
            if image_name(image) != "storefront" {
                continue;
            }
            let place = format!(
                "{} container {}",
                m.place(),
                c.str_at(&["name"]).unwrap_or("?")
            );
            let mut args = match c.get("command") {
                Some(command) => {
                    let words = command.words();
                    if words.first().map(|w| w.rsplit('/').next().unwrap()) != Some("storefront") {
                        problems.push(format!("{place}: its command is not the binary: {words:?}"));
                    }
                    words[1..].to_vec()
                }
                None => Vec::new(),
            };
            args.extend(c.get("args").map(Node::words).unwrap_or_default());
            if args.is_empty() {
                args.push("serve".into());
            }
            let mut env = BTreeMap::new();
            let mut from_shared = BTreeSet::new();
            for from in c.get("envFrom").map(Node::items).unwrap_or_default() {
                for (kind, field) in [("ConfigMap", "configMapRef"), ("Secret", "secretRef")] {
                    if let Some(name) = from.str_at(&[field, "name"]) {
                        match object(manifests, kind, name) {
                            Some(source) => {
                                for key in keys_of(source) {
                                    // A ConfigMap's values are known; a Secret's are not.
                                    let value = (kind == "ConfigMap")
                                        .then(|| source.doc.str_at(&["data", &key]))
                                        .flatten()
                                        .map(str::to_string);
                                    from_shared.insert(key.clone());
                                    env.insert(key, value);
                                }
                            }
                            None => problems.push(format!("{place}: no {kind} {name}")),
                        }
                    }
                }
            }
            for var in c.get("env").map(Node::items).unwrap_or_default() {
                let name = var.str_at(&["name"]).unwrap_or_default().to_string();
                for (kind, field) in [("ConfigMap", "configMapKeyRef"), ("Secret", "secretKeyRef")]
                {
                    if let Some(r) = var.at(&["valueFrom", field]) {
                        let (source, key) = (r.str_at(&["name"]), r.str_at(&["key"]));
                        let found = source
                            .and_then(|s| object(manifests, kind, s))
                            .is_some_and(|s| keys_of(s).iter().any(|k| Some(k.as_str()) == key));
                        if !found {
                            problems.push(format!("{place}: {name}: no {kind} key {key:?}"));
                        }
                    }
                }
                from_shared.remove(&name);
                env.insert(name, var.str_at(&["value"]).map(str::to_string));
            }
            out.push((
                m.name().to_string(),
                Process {
                    place,
                    args,
                    env,
                    from_shared,
                },
            ));
        }
    }
    out
}

fn labels_match(selector: &Node, labels: &Node) -> bool {
    !selector.entries().is_empty()
        && selector
            .entries()
            .iter()
            .all(|(k, v)| labels.get(k).and_then(Node::str) == v.str())
}

/// The Deployment a Service's selector picks.
fn deployment_of_service<'a>(manifests: &'a [Manifest], service: &str) -> Option<&'a Manifest> {
    let service = object(manifests, "Service", service)?;
    let selector = service.doc.at(&["spec", "selector"])?;
    let picked: Vec<&Manifest> = manifests
        .iter()
        .filter(|m| m.kind() == "Deployment")
        .filter(|m| {
            m.doc
                .at(&["spec", "template", "metadata", "labels"])
                .is_some_and(|l| labels_match(selector, l))
        })
        .collect();
    (picked.len() == 1).then(|| picked[0])
}

#[test]
fn the_kubernetes_manifests_configure_only_what_the_binary_reads() {
    let manifests = k8s_manifests();
    let mut problems = Vec::new();
    let processes = k8s_processes(&manifests, &mut problems);
    let mut names = BTreeSet::new();
    for (_, p) in &processes {
        names.extend(check_process(p, &mut problems));
    }
    // Every key of the shared ConfigMaps and Secrets is a serve setting (a key no container
    // uses yet would otherwise go unchecked).
    let serve_help = help(&["serve".to_string()]).unwrap();
    for m in manifests
        .iter()
        .filter(|m| m.kind() == "ConfigMap" || m.kind() == "Secret")
    {
        for key in keys_of(m) {
            if !reads_env(&serve_help, &key) && !READ_OUTSIDE_CLAP.contains(&key.as_str()) {
                problems.push(format!("{}: {key} is not a setting of serve", m.place()));
            }
            names.insert(key);
        }
    }
    let all: Vec<&Process> = processes.iter().map(|(_, p)| p).collect();
    let roles = check_roles(&all, "k8s", &mut problems);
    assert!(
        processes.len() >= 7,
        "storefront containers found: {}",
        processes.len()
    );
    assert!(names.len() >= 15, "settings found: {names:?}");
    assert!(roles.len() >= 6, "roles found: {roles:?}");

    let role_of = |deployment: &str| -> Vec<String> {
        processes
            .iter()
            .filter(|(d, p)| d == deployment && p.is_serve())
            .flat_map(|(_, p)| p.roles())
            .collect()
    };

    // Every Deployment: readiness on /readyz, liveness on /healthz, on its serving port (the
    // web renderer, not the binary, has only /healthz: both probes ask it).
    let mut deployments = 0;
    for m in manifests.iter().filter(|m| m.kind() == "Deployment") {
        deployments += 1;
        let pod = m.doc.at(&["spec", "template", "spec"]).unwrap();
        for c in pod.get("containers").map(Node::items).unwrap_or_default() {
            let place = format!(
                "{} container {}",
                m.place(),
                c.str_at(&["name"]).unwrap_or("?")
            );
            let ports: Vec<(&str, &str)> = c
                .get("ports")
                .map(Node::items)
                .unwrap_or_default()
                .iter()
                .map(|p| {
                    (
                        p.str_at(&["name"]).unwrap_or_default(),
                        p.str_at(&["containerPort"]).unwrap_or_default(),
                    )
                })
                .collect();
            let storefront = image_name(c.str_at(&["image"]).unwrap_or_default()) == "storefront";
            let readiness = if storefront { "/readyz" } else { "/healthz" };
            for (probe, path) in [("readinessProbe", readiness), ("livenessProbe", "/healthz")] {
                let got = c.str_at(&[probe, "httpGet", "path"]);
                if got != Some(path) {
                    problems.push(format!(
                        "{place}: {probe} must be httpGet {path}, is {got:?}"
                    ));
                }
                let port = c.str_at(&[probe, "httpGet", "port"]).unwrap_or_default();
                if !ports.iter().any(|(n, p)| *n == port || *p == port) {
                    problems.push(format!(
                        "{place}: {probe} port {port} is not a container port"
                    ));
                }
            }
            // The serving port is the one BIND names.
            if let Some((_, p)) = processes.iter().find(|(d, _)| d == m.name()) {
                let bind = p.setting("BIND");
                let bind_port = bind
                    .as_deref()
                    .and_then(|b| b.rsplit(':').next())
                    .unwrap_or("");
                if !ports.iter().any(|(_, p)| *p == bind_port) {
                    problems.push(format!("{place}: no container port for BIND {bind:?}"));
                }
            }
        }
    }
    assert!(deployments >= 6, "Deployments found: {deployments}");

    // The settings processes must agree on come from the shared ConfigMap and Secret only.
    for (_, p) in processes.iter().filter(|(_, p)| p.is_serve()) {
        for shared in SHARED {
            if !p.from_shared.contains(*shared) {
                problems.push(format!(
                    "{}: {shared} must come from the shared ConfigMap or Secret (envFrom)",
                    p.place
                ));
            }
        }
    }

    // HorizontalPodAutoscalers (autoscaling/v2) for the query and tracker Deployments.
    let mut scaled = BTreeSet::new();
    for m in manifests
        .iter()
        .filter(|m| m.kind() == "HorizontalPodAutoscaler")
    {
        if m.doc.str_at(&["apiVersion"]) != Some("autoscaling/v2") {
            problems.push(format!("{}: use autoscaling/v2", m.place()));
        }
        let target = m.doc.at(&["spec", "scaleTargetRef"]).unwrap();
        let name = target.str_at(&["name"]).unwrap_or_default();
        if target.str_at(&["kind"]) != Some("Deployment")
            || object(&manifests, "Deployment", name).is_none()
        {
            problems.push(format!("{}: no Deployment {name}", m.place()));
        }
        scaled.extend(role_of(name));
    }
    for role in ["query", "tracker"] {
        if !scaled.contains(role) {
            problems.push(format!("no HorizontalPodAutoscaler scales the {role} role"));
        }
    }

    // Query pods: their own index directory (an emptyDir) and consumer group (the pod's name).
    for m in manifests.iter().filter(|m| m.kind() == "Deployment") {
        if !role_of(m.name()).contains(&"query".to_string()) {
            continue;
        }
        let pod = m.doc.at(&["spec", "template", "spec"]).unwrap();
        for c in pod.get("containers").map(Node::items).unwrap_or_default() {
            let env = c.get("env").map(Node::items).unwrap_or_default();
            let var = |name: &str| env.iter().find(|v| v.str_at(&["name"]) == Some(name));
            if var("SEARCH_INSTANCE")
                .and_then(|v| v.str_at(&["valueFrom", "fieldRef", "fieldPath"]))
                != Some("metadata.name")
            {
                problems.push(format!(
                    "{}: SEARCH_INSTANCE must be the pod's name",
                    m.place()
                ));
            }
            let dir = var("INDEX_DIR").and_then(|v| v.str_at(&["value"]));
            let volume = c
                .get("volumeMounts")
                .map(Node::items)
                .unwrap_or_default()
                .iter()
                .find(|v| v.str_at(&["mountPath"]) == dir)
                .and_then(|v| v.str_at(&["name"]));
            let empty_dir = pod
                .get("volumes")
                .map(Node::items)
                .unwrap_or_default()
                .iter()
                .any(|v| v.str_at(&["name"]) == volume && v.get("emptyDir").is_some());
            if dir.is_none() || !empty_dir {
                problems.push(format!(
                    "{}: INDEX_DIR must be an emptyDir of the pod",
                    m.place()
                ));
            }
        }
    }

    // The relay: two pods (one active, one standby).
    for m in manifests.iter().filter(|m| m.kind() == "Deployment") {
        if role_of(m.name()).contains(&"relay".to_string())
            && m.doc.str_at(&["spec", "replicas"]) != Some("2")
        {
            problems.push(format!("{}: the relay runs 2 replicas", m.place()));
        }
    }

    // The migrate Job.
    let migrations: Vec<&(String, Process)> = processes
        .iter()
        .filter(|(d, p)| p.subcommand().0 == ["migrate"] && object(&manifests, "Job", d).is_some())
        .collect();
    if migrations.len() != 1 {
        problems.push("one Job runs `storefront migrate`".into());
    }

    // Services pick exactly one Deployment; the Ingress names Services and ports that exist.
    for m in manifests.iter().filter(|m| m.kind() == "Service") {
        if deployment_of_service(&manifests, m.name()).is_none() {
            problems.push(format!(
                "{}: its selector picks no single Deployment",
                m.place()
            ));
        }
    }
    for (service, port) in ingress_backends(&manifests) {
        let ports: Vec<String> = object(&manifests, "Service", &service)
            .and_then(|s| s.doc.at(&["spec", "ports"]))
            .map(Node::items)
            .unwrap_or_default()
            .iter()
            .flat_map(|p| {
                [p.str_at(&["name"]), p.str_at(&["port"])]
                    .into_iter()
                    .flatten()
                    .map(str::to_string)
            })
            .collect();
        if !ports.contains(&port) {
            problems.push(format!("Ingress: no Service {service} with port {port}"));
        }
    }

    // kustomization.yaml lists files that exist.
    for m in manifests.iter().filter(|m| m.kind() == "Kustomization") {
        for r in m.doc.get("resources").map(Node::items).unwrap_or_default() {
            let file = r.str().unwrap_or_default();
            if !deploy_dir().join("k8s").join(file).exists() {
                problems.push(format!("{}: {file} does not exist", m.place()));
            }
        }
    }
    report(problems);
}

/// `http://host:port/…` → (host, port; 80 when none is written).
fn host_and_port(url: &str) -> Option<(String, String)> {
    let rest = url.strip_prefix("http://")?;
    let authority = rest.split('/').next()?;
    Some(match authority.split_once(':') {
        Some((host, port)) => (host.to_string(), port.to_string()),
        None => (authority.to_string(), "80".to_string()),
    })
}

/// The web renderer: the processes that serve the pages (the query role) find it at SSR_URL,
/// where the renderer's image runs on that port, and give it a query role's address to fetch
/// the pages' data from (SSR_API_URL); the image file has the renderer's stage.
#[test]
fn the_web_renderer_runs_where_the_query_processes_look_for_it() {
    let mut problems = Vec::new();
    let is_query = |p: &Process| p.is_serve() && p.roles().iter().any(|r| r == "query");

    // Compose: a service built from the renderer's stage.
    let file = compose();
    let services = file.get("services").unwrap();
    let processes = compose_processes(&file);
    let mut checked = 0;
    for p in processes.iter().filter(|p| is_query(p)) {
        checked += 1;
        let url = p.setting("SSR_URL").unwrap_or_default();
        match host_and_port(&url) {
            Some((host, port)) => match services.get(&host) {
                Some(web) => {
                    if web.str_at(&["build", "target"]) != Some("web-renderer") {
                        problems.push(format!(
                            "compose.yaml service {host}: not the web-renderer image"
                        ));
                    }
                    if web.str_at(&["environment", "SSR_PORT"]) != Some(port.as_str()) {
                        problems.push(format!(
                            "compose.yaml service {host}: SSR_PORT is not {port}"
                        ));
                    }
                }
                None => problems.push(format!("{}: SSR_URL {url}: no service {host}", p.place)),
            },
            None => problems.push(format!(
                "{}: SSR_URL must be http://HOST:PORT: {url:?}",
                p.place
            )),
        }
        let api = p.setting("SSR_API_URL").unwrap_or_default();
        let answers = host_and_port(&api).is_some_and(|(host, _)| {
            processes
                .iter()
                .any(|q| q.place == format!("compose.yaml service {host}") && is_query(q))
        });
        if !answers {
            problems.push(format!(
                "{}: SSR_API_URL {api:?} is not a query service",
                p.place
            ));
        }
    }
    assert!(checked >= 2, "query services found: {checked}");

    // Kubernetes: a Service whose Deployment runs the renderer's image, on that port.
    let manifests = k8s_manifests();
    let processes = k8s_processes(&manifests, &mut problems);
    checked = 0;
    for (_, p) in processes.iter().filter(|(_, p)| is_query(p)) {
        checked += 1;
        let url = p.setting("SSR_URL").unwrap_or_default();
        match host_and_port(&url) {
            Some((host, port)) => {
                let ports: Vec<&str> = object(&manifests, "Service", &host)
                    .and_then(|s| s.doc.at(&["spec", "ports"]))
                    .map(Node::items)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|p| p.str_at(&["port"]))
                    .collect();
                if !ports.contains(&port.as_str()) {
                    problems.push(format!(
                        "{}: SSR_URL {url}: no Service {host} with port {port}",
                        p.place
                    ));
                }
                let image = deployment_of_service(&manifests, &host)
                    .and_then(|d| d.doc.at(&["spec", "template", "spec", "containers"]))
                    .map(Node::items)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|c| c.str_at(&["image"]))
                    .map(image_name)
                    .collect::<Vec<_>>();
                if image != ["storefront-web"] {
                    problems.push(format!(
                        "Service {host}: its pods run {image:?}, not the web renderer"
                    ));
                }
            }
            None => problems.push(format!(
                "{}: SSR_URL must be http://HOST:PORT: {url:?}",
                p.place
            )),
        }
        let api = p.setting("SSR_API_URL").unwrap_or_default();
        let answers = host_and_port(&api).is_some_and(|(host, _)| {
            deployment_of_service(&manifests, &host).is_some_and(|d| {
                processes
                    .iter()
                    .any(|(name, q)| name == d.name() && is_query(q))
            })
        });
        if !answers {
            problems.push(format!(
                "{}: SSR_API_URL {api:?} is not the query Service",
                p.place
            ));
        }
    }
    assert!(checked >= 1, "query Deployments found: {checked}");

    // The image file: the renderer's stage, with the server build.
    let dockerfile = std::fs::read_to_string(deploy_dir().join("Dockerfile")).unwrap();
    if !(dockerfile.contains(" AS web-renderer") && dockerfile.contains("dist-ssr")) {
        problems.push("Dockerfile: no web-renderer stage with web/dist-ssr".into());
    }
    report(problems);
}

/// (service, port name or number) of every Ingress backend.
fn ingress_backends(manifests: &[Manifest]) -> Vec<(String, String)> {
    ingress_paths(manifests)
        .into_iter()
        .map(|(_, _, service, port)| (service, port))
        .collect()
}

/// (pathType, path, service, port) of every Ingress rule.
fn ingress_paths(manifests: &[Manifest]) -> Vec<(String, String, String, String)> {
    let mut out = Vec::new();
    for m in manifests.iter().filter(|m| m.kind() == "Ingress") {
        for rule in m
            .doc
            .at(&["spec", "rules"])
            .map(Node::items)
            .unwrap_or_default()
        {
            for p in rule
                .at(&["http", "paths"])
                .map(Node::items)
                .unwrap_or_default()
            {
                let service = p.at(&["backend", "service"]).expect("a Service backend");
                out.push((
                    p.str_at(&["pathType"]).unwrap_or_default().to_string(),
                    p.str_at(&["path"]).unwrap_or_default().to_string(),
                    service.str_at(&["name"]).unwrap_or_default().to_string(),
                    service
                        .str_at(&["port", "name"])
                        .or_else(|| service.str_at(&["port", "number"]))
                        .unwrap_or_default()
                        .to_string(),
                ));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The Dockerfile.

#[test]
fn the_image_sets_only_serve_settings_and_runs_the_binary() {
    let text = std::fs::read_to_string(deploy_dir().join("Dockerfile")).unwrap();
    // The runtime stage: from the last FROM on, continuation lines joined.
    let runtime = text.rsplit("\nFROM ").next().unwrap().replace("\\\n", " ");
    let serve_help = help(&["serve".to_string()]).unwrap();
    let mut names = Vec::new();
    for line in runtime.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("ENV ") else {
            continue;
        };
        for pair in rest.split_whitespace() {
            let name = pair.split('=').next().unwrap();
            names.push(name.to_string());
            assert!(
                reads_env(&serve_help, name) || READ_OUTSIDE_CLAP.contains(&name),
                "Dockerfile: ENV {name} is not a setting of `storefront serve`"
            );
        }
    }
    assert!(names.len() >= 3, "ENV settings found: {names:?}");
    assert!(
        runtime.contains("ENTRYPOINT [\"storefront\"]") && runtime.contains("CMD [\"serve\"]"),
        "the image runs `storefront serve` by default (the manifests rely on it)"
    );
}

// ---------------------------------------------------------------------------------------------
// Routing: every path of docs/openapi.json reaches the role whose router answers it.

/// Which role's router (command, query, tracker) answers each documented path; `None` for the
/// paths every process answers (/healthz, /readyz, /metrics, …). Routers are built with a pool
/// that never connects; a layer answers from the matched route before any handler runs.
async fn owners() -> BTreeMap<String, Option<String>> {
    use axum::extract::{MatchedPath, Request};
    use axum::middleware::Next;
    use axum::response::{IntoResponse, Response};
    use tower::ServiceExt;

    async fn probe(request: Request, _next: Next) -> Response {
        match request.extensions().get::<MatchedPath>() {
            Some(path) => {
                ([("x-matched-route", path.as_str().to_string())], "matched").into_response()
            }
            None => "unmatched".into_response(),
        }
    }

    let doc: serde_json::Value = serde_json::from_str(storefront::app::OPENAPI).unwrap();
    let paths: Vec<String> = doc["paths"].as_object().unwrap().keys().cloned().collect();
    let pool = sqlx::postgres::PgPoolOptions::new()
        .acquire_timeout(std::time::Duration::from_millis(100))
        .connect_lazy("postgres://probe@127.0.0.1:1/probe")
        .unwrap();
    let bus = projections::bus::BusConfig::new("127.0.0.1:1");
    let mut answered: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for role in ["command", "query", "tracker"] {
        let state = storefront::app::AppParts::ephemeral(
            pool.clone(),
            bus.clone(),
            std::env::temp_dir().join("no-web-build"),
        );
        let roles = storefront::Roles::parse(role).unwrap();
        let router = storefront::app::router(state, &roles).layer(axum::middleware::from_fn(probe));
        for path in &paths {
            let concrete = sample_path(path);
            let response = router
                .clone()
                .oneshot(
                    axum::http::Request::get(&concrete)
                        .body(axum::body::Body::empty())
                        .unwrap(),
                )
                .await
                .unwrap();
            if let Some(route) = response.headers().get("x-matched-route") {
                assert_eq!(
                    route.to_str().unwrap(),
                    path,
                    "{concrete} matched another route"
                );
                answered
                    .entry(path.clone())
                    .or_default()
                    .insert(role.into());
            }
        }
    }
    let mut out = BTreeMap::new();
    for path in paths {
        let by = answered.remove(&path).unwrap_or_default();
        let owner = match by.len() {
            1 => Some(by.into_iter().next().unwrap()),
            3 => None,
            _ => panic!("{path} is answered by {by:?}: expected one role or all"),
        };
        out.insert(path, owner);
    }
    out
}

/// `/api/product/{blainNumber}` → `/api/product/1`.
fn sample_path(template: &str) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        out.push('1');
        rest = &rest[rest[start..].find('}').unwrap() + start + 1..];
    }
    out.push_str(rest);
    out
}

/// nginx's configuration as directives with their blocks.
#[derive(Debug)]
struct Directive {
    name: String,
    args: Vec<String>,
    block: Vec<Directive>,
}

fn nginx_tokens(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    for line in text.lines() {
        let mut chars = line.chars().peekable();
        let mut word = String::new();
        while let Some(c) = chars.next() {
            match c {
                '#' if word.is_empty() => break,
                '"' | '\'' => {
                    for q in chars.by_ref() {
                        if q == c {
                            break;
                        }
                        word.push(q);
                    }
                }
                '{' | '}' | ';' => {
                    if !word.is_empty() {
                        tokens.push(std::mem::take(&mut word));
                    }
                    tokens.push(c.to_string());
                }
                c if c.is_whitespace() => {
                    if !word.is_empty() {
                        tokens.push(std::mem::take(&mut word));
                    }
                }
                c => word.push(c),
            }
        }
        if !word.is_empty() {
            tokens.push(word);
        }
    }
    tokens
}

fn nginx_block(tokens: &mut std::iter::Peekable<std::vec::IntoIter<String>>) -> Vec<Directive> {
    let mut out = Vec::new();
    while let Some(token) = tokens.next() {
        if token == "}" {
            break;
        }
        let mut args = Vec::new();
        let mut block = Vec::new();
        while let Some(t) = tokens.next() {
            match t.as_str() {
                ";" => break,
                "{" => {
                    block = nginx_block(tokens);
                    break;
                }
                _ => args.push(t),
            }
        }
        out.push(Directive {
            name: token,
            args,
            block,
        });
    }
    out
}

fn nginx_config() -> Vec<Directive> {
    let text = std::fs::read_to_string(deploy_dir().join("nginx/storefront.conf")).unwrap();
    nginx_block(&mut nginx_tokens(&text).into_iter().peekable())
}

/// Where nginx sends `path`: the upstream name of `proxy_pass`, a `$variable`, or `return`.
fn nginx_route<'a>(server: &'a [Directive], path: &str) -> Option<(&'a str, &'a Directive)> {
    let locations = server.iter().filter(|d| d.name == "location");
    let mut exact = None;
    let mut best: Option<(&str, &Directive)> = None;
    for l in locations {
        match l.args.as_slice() {
            [eq, p] if eq == "=" => {
                if p == path {
                    exact = Some((p.as_str(), l));
                }
            }
            [modifier, p] if modifier == "^~" => {
                if path.starts_with(p.as_str()) && best.is_none_or(|(b, _)| p.len() > b.len()) {
                    best = Some((p.as_str(), l));
                }
            }
            [p] => {
                if path.starts_with(p.as_str()) && best.is_none_or(|(b, _)| p.len() > b.len()) {
                    best = Some((p.as_str(), l));
                }
            }
            other => {
                panic!("nginx: location {other:?}: only exact and prefix locations are checked")
            }
        }
    }
    exact.or(best)
}

fn proxy_target(location: &Directive) -> Option<String> {
    let pass = location.block.iter().find(|d| d.name == "proxy_pass")?;
    let url = pass.args[0].strip_prefix("http://")?;
    Some(url.split('/').next().unwrap().to_string())
}

#[tokio::test]
async fn every_documented_path_is_routed_to_the_role_that_serves_it() {
    let owners = owners().await;
    assert!(owners.len() >= 50, "documented paths: {}", owners.len());
    for role in ["command", "query", "tracker"] {
        assert!(
            owners.values().any(|o| o.as_deref() == Some(role)),
            "no documented path belongs to {role}"
        );
    }
    let mut problems = Vec::new();

    // The Compose proxy: upstreams are Compose services; their roles serve the paths sent there.
    let compose_file = compose();
    let services = compose_processes(&compose_file);
    let config = nginx_config();
    let server = &config
        .iter()
        .find(|d| d.name == "server")
        .expect("a server block")
        .block;
    let upstream_roles = |name: &str| -> Option<BTreeSet<String>> {
        let upstream = config
            .iter()
            .find(|d| d.name == "upstream" && d.args == [name])?;
        let mut roles: Option<BTreeSet<String>> = None;
        for s in upstream.block.iter().filter(|d| d.name == "server") {
            let host = s.args[0].split(':').next().unwrap();
            let service = services
                .iter()
                .find(|p| p.place == format!("compose.yaml service {host}"))?;
            let these: BTreeSet<String> = service.roles().into_iter().collect();
            roles = Some(match roles {
                None => these,
                Some(r) => r.intersection(&these).cloned().collect(),
            });
        }
        roles
    };
    let maps: Vec<&Directive> = config.iter().filter(|d| d.name == "map").collect();
    for (path, owner) in &owners {
        let concrete = sample_path(path);
        let Some((_, location)) = nginx_route(server, &concrete) else {
            problems.push(format!("nginx: no location for {concrete}"));
            continue;
        };
        let Some(target) = proxy_target(location) else {
            if owner.is_some() || !location.block.iter().any(|d| d.name == "return") {
                problems.push(format!("nginx: {concrete} is not proxied"));
            }
            continue;
        };
        let upstream = match target.strip_prefix('$') {
            None => target.clone(),
            Some(var) => {
                let map = maps
                    .iter()
                    .find(|m| m.args.get(1).is_some_and(|a| *a == format!("${var}")))
                    .unwrap_or_else(|| panic!("nginx: no map sets ${var}"));
                // The legacy search base: the autocomplete click beacon goes to the tracker.
                assert_eq!(
                    map.args[0], "$arg_f",
                    "nginx: ${var} is chosen by the f argument"
                );
                let click = map
                    .block
                    .iter()
                    .find(|d| d.name.contains("GetAutoCompleteClick"))
                    .expect("nginx: the GetAutoCompleteClick case");
                if !upstream_roles(&click.args[0]).is_some_and(|r| r.contains("tracker")) {
                    problems.push(format!(
                        "nginx: {concrete}?f=GetAutoCompleteClick must reach the tracker"
                    ));
                }
                let default = map.block.iter().find(|d| d.name == "default").unwrap();
                default.args[0].clone()
            }
        };
        match (owner, upstream_roles(&upstream)) {
            (_, None) => problems.push(format!(
                "nginx: upstream {upstream} of {concrete} is not made of Compose storefront services"
            )),
            (Some(owner), Some(roles)) if !roles.contains(owner) => problems.push(format!(
                "nginx: {concrete} goes to {upstream} ({roles:?}) but the {owner} role serves it"
            )),
            _ => {}
        }
    }
    // No stale locations: each one but `/` is a documented path or a prefix of some.
    for l in server.iter().filter(|d| d.name == "location") {
        let p = l.args.last().unwrap();
        let exact = l.args.len() == 2 && l.args[0] == "=";
        let used = owners.keys().map(|k| sample_path(k)).any(|d| {
            if exact {
                d == *p
            } else {
                d.starts_with(p.as_str())
            }
        });
        if p != "/" && !used {
            problems.push(format!(
                "nginx: location {:?} matches no documented path",
                l.args
            ));
        }
    }

    // The Kubernetes Ingress: each path reaches a Service whose Deployment runs the owner.
    let manifests = k8s_manifests();
    let mut ignored = Vec::new();
    let processes = k8s_processes(&manifests, &mut ignored);
    let ingress = ingress_paths(&manifests);
    assert!(
        ingress.len() >= 10,
        "Ingress paths found: {}",
        ingress.len()
    );
    for (kind, p, _, _) in &ingress {
        let used = owners
            .keys()
            .map(|k| sample_path(k))
            .any(|d| k8s_path_matches(kind, p, &d));
        if p != "/" && !used {
            problems.push(format!("Ingress: {kind} {p} matches no documented path"));
        }
    }
    for (path, owner) in &owners {
        let concrete = sample_path(path);
        // Exact first, then the longest Prefix (Kubernetes' Ingress rules).
        let chosen = ingress
            .iter()
            .filter(|(kind, p, _, _)| k8s_path_matches(kind, p, &concrete))
            .max_by_key(|(kind, p, _, _)| (kind == "Exact", p.trim_end_matches('/').len()));
        let Some((_, _, service, _)) = chosen else {
            problems.push(format!("Ingress: no path for {concrete}"));
            continue;
        };
        let Some(deployment) = deployment_of_service(&manifests, service) else {
            problems.push(format!(
                "Ingress: Service {service} picks no single Deployment"
            ));
            continue;
        };
        let roles: BTreeSet<String> = processes
            .iter()
            .filter(|(d, p)| d == deployment.name() && p.is_serve())
            .flat_map(|(_, p)| p.roles())
            .collect();
        if let Some(owner) = owner {
            if !roles.contains(owner) {
                problems.push(format!(
                    "Ingress: {concrete} goes to {service} ({roles:?}) but the {owner} role serves it"
                ));
            }
        }
    }
    report(problems);
}

/// Kubernetes' Ingress path matching: Exact is the whole path; Prefix matches whole path
/// elements (`/a/b` and `/a/b/` match `/a/b` and `/a/b/c`, not `/a/bc`).
fn k8s_path_matches(kind: &str, pattern: &str, path: &str) -> bool {
    match kind {
        "Exact" => pattern == path,
        "Prefix" => {
            let want: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
            let have: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
            have.len() >= want.len() && want.iter().zip(&have).all(|(a, b)| a == b)
        }
        other => panic!("Ingress: pathType {other} is not checked; use Exact or Prefix"),
    }
}

#[test]
fn kubernetes_prefix_paths_match_whole_elements() {
    assert!(k8s_path_matches("Prefix", "/api/cart/", "/api/cart"));
    assert!(k8s_path_matches(
        "Prefix",
        "/event/a/",
        "/event/a/productview"
    ));
    assert!(!k8s_path_matches("Prefix", "/api/cart", "/api/carts"));
    assert!(k8s_path_matches("Prefix", "/", "/anything"));
    assert!(!k8s_path_matches("Exact", "/a/log/", "/a/log"));
}

#[test]
fn every_manifest_under_infra_deploy_is_read_by_these_tests() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let root = deploy_dir();
    let mut files = Vec::new();
    walk(&root, &mut files);
    let read = |p: &Path| {
        let rel = p
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let yaml = rel.ends_with(".yaml") || rel.ends_with(".yml");
        match rel.as_str() {
            "compose.yaml" | "Dockerfile" | "nginx/storefront.conf" => true,
            r if yaml => r.starts_with("k8s/") && !r["k8s/".len()..].contains('/'),
            r => !(r.ends_with(".conf") || r.contains("compose") || r.starts_with("k8s/")),
        }
    };
    let unread: Vec<&PathBuf> = files.iter().filter(|p| !read(p)).collect();
    assert!(
        unread.is_empty(),
        "manifests tests/deploy.rs does not read (put Kubernetes files in k8s/, the Compose \
         file is compose.yaml, the proxy nginx/storefront.conf): {unread:?}"
    );
    assert!(files.len() >= 15, "files under infra/deploy: {files:?}");
}
