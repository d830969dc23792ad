//! Message bodies as the spec's section 5 prepares them: SMS content is turned from HTML into
//! plain text (`&lt;`/`&gt;` decoded), wrapped at 130 columns, and its line breaks turned into
//! spaces. E-mail content is sent as written.

/// The line width SMS text is wrapped at before line breaks become spaces.
pub const SMS_WRAP_WIDTH: usize = 130;

/// The most characters one SMS request may carry (the provider splits it into segments).
pub const SMS_MAX_CHARS: usize = 1600;

/// HTML (or plain text) to the single-line text an SMS carries.
pub fn html_to_sms_text(html: &str) -> String {
    let text = html_to_text(html);
    wrap(&text, SMS_WRAP_WIDTH).replace('\n', " ")
}

/// Tags removed, block ends and `<br>` as line breaks, runs of spaces collapsed, entities
/// decoded last (so an encoded `&lt;b&gt;` stays text).
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        push_collapsed(&mut out, &rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            // A lone '<' is text.
            push_collapsed(&mut out, &rest[open..]);
            rest = "";
            break;
        };
        let tag = rest[open + 1..open + close]
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if matches!(
            tag.as_str(),
            "br" | "p" | "div" | "li" | "tr" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6"
        ) && !out.ends_with('\n')
            && !out.is_empty()
        {
            while out.ends_with(' ') {
                out.pop();
            }
            out.push('\n');
        }
        rest = &rest[open + close + 1..];
    }
    push_collapsed(&mut out, rest);
    decode_entities(out.trim())
}

fn push_collapsed(out: &mut String, text: &str) {
    for c in text.chars() {
        if c.is_whitespace() {
            if !(out.is_empty() || out.ends_with(' ') || out.ends_with('\n')) {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
}

/// Decodes the named entities mail editors produce and numeric ones.
pub fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest[..rest.len().min(12)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let name = &rest[1..semi];
        let decoded = match name {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ if name.starts_with("#x") || name.starts_with("#X") => {
                u32::from_str_radix(&name[2..], 16)
                    .ok()
                    .and_then(char::from_u32)
            }
            _ if name.starts_with('#') => name[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Greedy word wrap at `width` characters; a word longer than the width stays whole.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let mut column = 0;
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            let len = word.chars().count();
            if column > 0 && column + 1 + len > width {
                out.push('\n');
                column = 0;
            } else if column > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += len;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_becomes_one_line_of_plain_text() {
        assert_eq!(
            html_to_sms_text("<p>Hi <b>Sam</b>,</p><p>your car is ready.<br/>See you!</p>"),
            "Hi Sam, your car is ready. See you!"
        );
    }

    #[test]
    fn encoded_angle_brackets_are_decoded_after_tags_are_removed() {
        assert_eq!(
            html_to_sms_text("Use code &lt;SPRING&gt; &amp; save"),
            "Use code <SPRING> & save"
        );
    }

    #[test]
    fn plain_newlines_become_spaces() {
        assert_eq!(
            html_to_sms_text("Line one\nLine two\n\n"),
            "Line one Line two"
        );
    }

    #[test]
    fn long_text_wraps_at_130_columns_and_joins_with_spaces() {
        let words = vec!["word"; 60].join(" ");
        let wrapped = wrap(&words, SMS_WRAP_WIDTH);
        assert!(wrapped.lines().all(|l| l.chars().count() <= SMS_WRAP_WIDTH));
        assert!(wrapped.lines().count() > 1);
        assert_eq!(html_to_sms_text(&words), words);
    }

    #[test]
    fn unknown_entities_and_lone_ampersands_stay_as_written() {
        assert_eq!(
            decode_entities("A & B &bogus; &#65;&#x42;"),
            "A & B &bogus; AB"
        );
    }
}
