<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Actions</name>
    <message>
        <location filename="../../gui/actions.py" line="59"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="60"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="61"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="66"/>
        <source>&amp;Import Transcripts (JSONL)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="73"/>
        <source>Import Transcripts from a &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="77"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="79"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="81"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="82"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="83"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="85"/>
        <source>&amp;Find in Page…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="86"/>
        <source>Find &amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="90"/>
        <source>&amp;Search All Pages…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="95"/>
        <source>&amp;Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="96"/>
        <source>&amp;Next Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="98"/>
        <source>&amp;Previous Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="100"/>
        <source>&amp;First Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="104"/>
        <source>&amp;Last Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="108"/>
        <source>&amp;Go to Page…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="113"/>
        <source>&amp;Approve and Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="122"/>
        <source>&amp;Flag for Another Look</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="129"/>
        <source>Mark &amp;Unreviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="133"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="137"/>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="145"/>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="152"/>
        <source>Fit &amp;Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="159"/>
        <source>Fit &amp;Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="166"/>
        <source>&amp;Actual Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="175"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="179"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="183"/>
        <source>Where Are My &amp;Backups?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="195"/>
        <source>(none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="210"/>
        <source>Go to Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="211"/>
        <source>Page number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="226"/>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="234"/>
        <source>Backups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/actions.py" line="236"/>
        <source>The review is backed up on close and every 30 minutes, older backups thinned to one a day, then one a week.

Backups of this document:
{0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <location filename="../../gui/history_panel.py" line="92"/>
        <source>Versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/history_panel.py" line="96"/>
        <source>Select a version to compare it with the one before it, or two versions to compare them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/history_panel.py" line="106"/>
        <source>Restore this version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/history_panel.py" line="137"/>
        <location filename="../../gui/history_panel.py" line="144"/>
        <source>#{0} compared with #{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/history_panel.py" line="139"/>
        <source>#{0}, the first version</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/main_window.py" line="43"/>
        <location filename="../../gui/main_window.py" line="158"/>
        <source>ProofDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="77"/>
        <source>Pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="81"/>
        <source>Note for this page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="104"/>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="106"/>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="134"/>
        <source>Page {0} / {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="142"/>
        <source>saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="143"/>
        <source>editing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="144"/>
        <source>saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="145"/>
        <source>not saved — retrying: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="162"/>
        <source>{0} — ProofDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="199"/>
        <source>Not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="201"/>
        <source>Your latest typing could not be saved ({0}). Close anyway and lose it?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <location filename="../../gui/notice_bar.py" line="18"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Opener</name>
    <message>
        <location filename="../../gui/opener.py" line="35"/>
        <source>Open a PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="35"/>
        <source>PDF documents (*.pdf);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="44"/>
        <source>Still opening the previous file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="52"/>
        <source>That document is already open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="94"/>
        <source>The open document&apos;s typing is not saved yet; try again once the status bar says “saved”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="111"/>
        <source>That password does not open “{0}”. Try again:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="113"/>
        <source>“{0}” is protected by a password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="115"/>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="79"/>
        <source>Different document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="80"/>
        <source>Continue with this review anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="119"/>
        <source>Folder of page files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="123"/>
        <source>Import transcripts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/opener.py" line="125"/>
        <source>JSON Lines (*.jsonl *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PageListModel</name>
    <message>
        <location filename="../../gui/page_list_model.py" line="51"/>
        <source>unreviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/page_list_model.py" line="52"/>
        <source>in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/page_list_model.py" line="53"/>
        <source>approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/page_list_model.py" line="54"/>
        <source>flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/page_list_model.py" line="77"/>
        <source>Page {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PageView</name>
    <message>
        <location filename="../../gui/page_view.py" line="46"/>
        <source>Page image</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewController</name>
    <message>
        <location filename="../../gui/review_controller.py" line="135"/>
        <source>Your text is not saved yet; staying on this page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review_controller.py" line="218"/>
        <source>Note saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review_controller.py" line="224"/>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review_controller.py" line="233"/>
        <source>Your text is not saved yet; try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/review_controller.py" line="252"/>
        <source>Version #{0} restored as a new version.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SearchPanel</name>
    <message>
        <location filename="../../gui/search_panel.py" line="30"/>
        <source>Search all pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/search_panel.py" line="36"/>
        <source>Search results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/search_panel.py" line="59"/>
        <source>p. {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/search_panel.py" line="64"/>
        <source>{0} page(s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <location filename="../../gui/tasks.py" line="55"/>
        <source>Something went wrong: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TranscriptEditor</name>
    <message>
        <location filename="../../gui/transcript_editor.py" line="47"/>
        <source>Transcript</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/transcript_editor.py" line="48"/>
        <source>No transcript for this page yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/transcript_editor.py" line="60"/>
        <source>Find in page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/transcript_editor.py" line="63"/>
        <source>Previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/transcript_editor.py" line="64"/>
        <source>Next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/transcript_editor.py" line="65"/>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/transcript_editor.py" line="122"/>
        <source>{0} match(es)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../gui/transcript_editor.py" line="122"/>
        <source>not found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
