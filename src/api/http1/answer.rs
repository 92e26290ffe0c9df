//! Reading one answer from an HTTP/1.1 connection: its head parsed by `httparse`
//! (hyper's own parser), its body framed as RFC 9112 section 6.3 says: none for 1xx,
//! 204, 304 and an answer to HEAD; chunked when that is its transfer coding (the only one
//! the tool reads: it asks for none other); else by `Content-Length`; else until the
//! server closes. Never more than [`MAX_RESPONSE_BYTES`] of body, [`MAX_HEAD_BYTES`] of
//! heads (interim answers' included) and [`MAX_FRAMING_BYTES`] of chunk extensions and
//! trailers together: a server cannot make the tool read or keep without end.

use std::io;

use bytes::{Buf, Bytes, BytesMut};
use hyper::header::TRANSFER_ENCODING;
use hyper::header::{HeaderMap, HeaderName, HeaderValue, CONNECTION, CONTENT_LENGTH};
use hyper::{StatusCode, Version};
use tokio::io::{AsyncRead, AsyncReadExt};

use super::super::MAX_RESPONSE_BYTES;

/// The most an answer's head (status line and fields) may take: hyper's default too.
pub(super) const MAX_HEAD_BYTES: usize = 64 << 10;
/// The most a chunked body's extensions and trailer section may take, together (hyper
/// 1.12 allows each of the two as much).
pub(super) const MAX_FRAMING_BYTES: usize = 16 << 10;
/// The most fields an answer's head (or its trailer section) may have: hyper's default.
const MAX_FIELDS: usize = 100;
/// Room made in the read buffer before each read: a small answer comes in one.
pub(super) const READ_AHEAD: usize = 8 << 10;

pub(super) enum Read {
    Whole {
        head: hyper::http::response::Parts,
        body: Bytes,
        /// The connection may carry another request after this answer.
        keep_open: bool,
    },
    /// The body is over [`MAX_RESPONSE_BYTES`]: the rest was not read.
    TooLarge,
}

/// The exchange broke: the connection failed, closed, or sent what is not HTTP/1.1.
pub(super) struct Broke {
    pub error: io::Error,
    /// Some of the answer had come.
    pub answered: bool,
}

impl From<io::Error> for Broke {
    fn from(error: io::Error) -> Broke {
        Broke {
            error,
            answered: false,
        }
    }
}

/// Reads the answer to a request (`to_head`: sent with HEAD, so it has no body) from
/// `io`, with what `read` already holds of it. What comes after it stays in `read`.
pub(super) async fn read<R: AsyncRead + Unpin>(
    io: &mut R,
    read: &mut BytesMut,
    to_head: bool,
) -> Result<Read, Broke> {
    // The interim answers that came before the final one, in bytes.
    let mut interim = 0;
    let (head, framing) = loop {
        let before = read.len();
        let parsed = match read.is_empty() {
            true => None,
            false => parse_head(read).map_err(broke)?,
        };
        match parsed {
            // An interim answer (100 Continue, 103 Early Hints): the final one follows.
            Some((head, _)) if head.status.is_informational() => {
                interim += before - read.len();
                if interim > MAX_HEAD_BYTES {
                    return Err(broke(invalid(format!(
                        "the interim (1xx) answers are longer than {} KiB",
                        MAX_HEAD_BYTES >> 10
                    ))));
                }
            }
            Some(parsed) => break parsed,
            None => {
                let answered = interim > 0 || !read.is_empty();
                fill(io, read)
                    .await
                    .map_err(|error| Broke { error, answered })?;
            }
        }
    };
    let (framing, keep_open) = framing;
    let framing = match framing {
        _ if to_head => Framing::Length(0),
        _ if matches!(
            head.status,
            StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED
        ) =>
        {
            Framing::Length(0)
        }
        framing => framing,
    };
    let (body, keep_open) = match framing {
        Framing::Length(length) => {
            let Some(length) = usize::try_from(length)
                .ok()
                .filter(|&length| length <= MAX_RESPONSE_BYTES)
            else {
                return Ok(Read::TooLarge);
            };
            while read.len() < length {
                fill(io, read).await.map_err(broke)?;
            }
            (read.split_to(length).freeze(), keep_open)
        }
        Framing::Chunked => match chunked(io, read).await.map_err(broke)? {
            Some(body) => (body, keep_open),
            None => return Ok(Read::TooLarge),
        },
        Framing::UntilClose => {
            loop {
                if read.len() > MAX_RESPONSE_BYTES {
                    return Ok(Read::TooLarge);
                }
                make_room(read);
                if io.read_buf(read).await.map_err(broke)? == 0 {
                    break;
                }
            }
            (read.split().freeze(), false)
        }
    };
    Ok(Read::Whole {
        head,
        body,
        keep_open,
    })
}

/// Some of the answer had come when this broke.
fn broke(error: io::Error) -> Broke {
    Broke {
        error,
        answered: true,
    }
}

fn invalid(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.into())
}

/// Room to read into: a read into a full buffer reads nothing, which is how a close
/// looks. Made only when less than half of [`READ_AHEAD`] is left, which after the first
/// answers is seldom; by then the bodies read before were dropped, and the buffer is
/// taken back from its start rather than made again.
fn make_room(read: &mut BytesMut) {
    if read.capacity() - read.len() < READ_AHEAD / 2 {
        read.reserve(READ_AHEAD);
    }
}

/// Reads more of the answer into `read`: an error when the server closed first.
async fn fill<R: AsyncRead + Unpin>(io: &mut R, read: &mut BytesMut) -> io::Result<()> {
    make_room(read);
    match io.read_buf(read).await? {
        0 => Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "the server closed the connection before the answer was complete",
        )),
        _ => Ok(()),
    }
}

/// How an answer's body is delimited (RFC 9112 section 6.3).
#[derive(Debug, PartialEq)]
enum Framing {
    Length(u64),
    Chunked,
    /// Until the server closes the connection.
    UntilClose,
}

/// The answer's head at the start of `read`, taken from it, once all of it has come.
/// With how its body is delimited, and whether the connection may stay open after it.
fn parse_head(
    read: &mut BytesMut,
) -> io::Result<Option<(hyper::http::response::Parts, (Framing, bool))>> {
    let mut fields = [httparse::EMPTY_HEADER; MAX_FIELDS];
    let mut response = httparse::Response::new(&mut fields);
    let length = match response.parse(read) {
        Ok(httparse::Status::Complete(length)) => length,
        Ok(httparse::Status::Partial) if read.len() > MAX_HEAD_BYTES => {
            return Err(invalid(format!(
                "the answer's head is longer than {} KiB",
                MAX_HEAD_BYTES >> 10
            )))
        }
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(invalid(format!(
                "the answer has more than {MAX_FIELDS} fields"
            )))
        }
        Err(e) => return Err(invalid(format!("an answer that is not HTTP/1.1: {e}"))),
    };
    let status = response
        .code
        .and_then(|code| StatusCode::from_u16(code).ok())
        .ok_or_else(|| invalid("the answer's status code is out of range"))?;
    let version = match response.version {
        Some(0) => Version::HTTP_10,
        _ => Version::HTTP_11,
    };
    let mut headers = HeaderMap::with_capacity(response.headers.len());
    for field in response.headers.iter() {
        let name = HeaderName::from_bytes(field.name.as_bytes())
            .map_err(|e| invalid(format!("an answer's field name: {e}")))?;
        let value = HeaderValue::from_bytes(field.value)
            .map_err(|e| invalid(format!("the answer's field `{name}`: {e}")))?;
        headers.append(name, value);
    }
    read.advance(length);
    let framing = framing(&headers, version)?;
    let (mut head, ()) = hyper::Response::new(()).into_parts();
    head.status = status;
    head.version = version;
    head.headers = headers;
    Ok(Some((head, framing)))
}

/// How the body of an answer with these fields is delimited, and whether the connection
/// may stay open after it, as far as its fields say (RFC 9112 sections 6.3 and 9.3).
fn framing(headers: &HeaderMap, version: Version) -> io::Result<(Framing, bool)> {
    // The comma-separated items of every field `name`.
    let items = |name| {
        headers
            .get_all(name)
            .into_iter()
            .flat_map(|value: &HeaderValue| value.to_str().unwrap_or("").split(','))
            .map(str::trim)
            .filter(|item| !item.is_empty())
    };
    let close = items(CONNECTION).any(|t| t.eq_ignore_ascii_case("close"));
    let keep_alive = items(CONNECTION).any(|t| t.eq_ignore_ascii_case("keep-alive"));
    // HTTP/1.1 stays open unless it says `close`; HTTP/1.0 closes unless it says
    // `keep-alive` (and not `close` beside it).
    let keep_open = !close && (version != Version::HTTP_10 || keep_alive);
    if headers.contains_key(TRANSFER_ENCODING) {
        // Chunked, once (RFC 9112 section 7: never applied twice): the tool sends no
        // `TE`, so asks for no other coding, and a body in another would be passed on
        // as if it were the JSON it is not.
        let mut codings = items(TRANSFER_ENCODING);
        match (codings.next(), codings.next()) {
            (Some(coding), None) if coding.eq_ignore_ascii_case("chunked") => {}
            _ => {
                let all: Vec<_> = items(TRANSFER_ENCODING).collect();
                return Err(invalid(format!(
                    "the answer's Transfer-Encoding `{}` is not `chunked` alone, the one \
                     coding the tool reads",
                    all.join(", ")
                )));
            }
        }
        // Beside a `Content-Length`, or in HTTP/1.0 (which has no transfer codings),
        // the framing is faulty: read by the coding, and the connection closed after
        // (RFC 9112 sections 6.1 and 6.3).
        let faulty = headers.contains_key(CONTENT_LENGTH) || version == Version::HTTP_10;
        return Ok((Framing::Chunked, keep_open && !faulty));
    }
    let mut length = None;
    for item in headers
        .get_all(CONTENT_LENGTH)
        .into_iter()
        .flat_map(|value| value.to_str().unwrap_or("?").split(','))
    {
        let item = item.trim();
        let parsed = Some(item)
            .filter(|item| !item.is_empty() && item.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|item| item.parse::<u64>().ok())
            .ok_or_else(|| {
                invalid(format!(
                    "the answer's Content-Length `{item}` is not a length"
                ))
            })?;
        if length.is_some_and(|length| length != parsed) {
            return Err(invalid(
                "the answer has two different Content-Length values",
            ));
        }
        length = Some(parsed);
    }
    Ok(match length {
        Some(length) => (Framing::Length(length), keep_open),
        None => (Framing::UntilClose, keep_open),
    })
}

/// A chunked body (RFC 9112 section 7.1), its chunks joined; `None` past
/// [`MAX_RESPONSE_BYTES`]. Chunk extensions and trailer fields are read past, within
/// [`MAX_FRAMING_BYTES`] together.
async fn chunked<R: AsyncRead + Unpin>(
    io: &mut R,
    read: &mut BytesMut,
) -> io::Result<Option<Bytes>> {
    let not_a_size = || invalid("a chunk's size is not a hexadecimal number");
    let mut body = BytesMut::new();
    // What is left for extensions and trailers.
    let mut framing = MAX_FRAMING_BYTES;
    loop {
        let size = loop {
            // httparse takes a line with no digit (an empty one, or an extension alone)
            // for a size of 0, the last chunk: a body cut short would pass for whole.
            if read.first().is_some_and(|first| !first.is_ascii_hexdigit()) {
                return Err(not_a_size());
            }
            match httparse::parse_chunk_size(read) {
                Ok(httparse::Status::Complete((taken, size))) => {
                    let digits = read.iter().take_while(|b| b.is_ascii_hexdigit()).count();
                    // The rest of the line but its end: an extension.
                    spend(
                        &mut framing,
                        taken.saturating_sub(digits + 2),
                        "chunk extensions",
                    )?;
                    read.advance(taken);
                    break size;
                }
                Ok(httparse::Status::Partial) if read.len() > MAX_FRAMING_BYTES => {
                    return Err(invalid("a chunk's size line is too long"))
                }
                Ok(httparse::Status::Partial) => fill(io, read).await?,
                Err(_) => return Err(not_a_size()),
            }
        };
        if size == 0 {
            // The trailer section: field lines, ended by an empty one.
            let mut fields = 0;
            loop {
                match memchr::memmem::find(read, b"\r\n") {
                    Some(0) => {
                        read.advance(2);
                        return Ok(Some(body.freeze()));
                    }
                    Some(end) if !read[..end].contains(&b':') => {
                        return Err(invalid(
                            "a line of the answer's trailer section is not a field",
                        ))
                    }
                    Some(end) => {
                        fields += 1;
                        if fields > MAX_FIELDS {
                            return Err(invalid(format!(
                                "the answer's trailer section has more than {MAX_FIELDS} fields"
                            )));
                        }
                        spend(&mut framing, end + 2, "trailer fields")?;
                        read.advance(end + 2);
                    }
                    None if read.len() > framing => {
                        return Err(invalid(format!(
                            "the answer's trailer fields are longer than {} KiB",
                            MAX_FRAMING_BYTES >> 10
                        )))
                    }
                    None => fill(io, read).await?,
                }
            }
        }
        // No sum that could overflow: `size` may be up to 2^64 - 1.
        let room = MAX_RESPONSE_BYTES - body.len();
        let Some(size) = usize::try_from(size).ok().filter(|&size| size <= room) else {
            return Ok(None);
        };
        while read.len() < size + 2 {
            fill(io, read).await?;
        }
        if &read[size..size + 2] != b"\r\n" {
            return Err(invalid("a chunk does not end where its size says"));
        }
        body.extend_from_slice(&read[..size]);
        read.advance(size + 2);
    }
}

/// Takes `bytes` of `what` from what is `left` of [`MAX_FRAMING_BYTES`].
fn spend(left: &mut usize, bytes: usize, what: &str) -> io::Result<()> {
    *left = left.checked_sub(bytes).ok_or_else(|| {
        invalid(format!(
            "the answer's {what} are longer than {} KiB",
            MAX_FRAMING_BYTES >> 10
        ))
    })?;
    Ok(())
}
