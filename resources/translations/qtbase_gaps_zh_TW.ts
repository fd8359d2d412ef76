<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!--
Qt's own strings that the qtbase_zh_TW.qm PySide6 ships does not translate (written by
hand, not by lupdate: they are Qt's, not in our code). That catalogue is older than Qt 6:
it has "Look in:" and "Files of type:" but Qt 6's file dialog asks for "&Look in:" and
"Files of &type:", and Qt 6 renamed QFileIconProvider to QAbstractFileIconProvider, so
the file dialog showed them in English in the zh_TW UI (issue 28). Found by a translator
that records every lookup no catalogue answered (tests/gui/services/test_language.py).
Installed after qtbase_zh_TW.qm by gui/services/language.py.
-->
<TS version="2.1" language="zh_TW">
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>尋找於(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>檔案型態(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>資料夾</translation>
    </message>
    <message>
        <source>Folder</source>
        <comment>Match OS X Finder</comment>
        <translation>資料夾</translation>
    </message>
    <message>
        <source>File Folder</source>
        <comment>Match Windows Explorer</comment>
        <translation>檔案資料夾</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>磁碟機</translation>
    </message>
</context>
</TS>
