// The front door of the sessions feature: other features import only what is exported here (the pages reach the
// router through routes/sessions.tsx, the palette commands through commands.ts). The route patterns, already in
// the shell's first load, rather than a module of links that would be one more chunk in it.
