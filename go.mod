module github.com/goxq/ucci

go 1.26
